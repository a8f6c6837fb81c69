/**
 * The deep-linking picker's address (issue 37): a deep-linking request that arrived before its LMS
 * course was linked waits through the linking, then the picker opens with it. `multiple` when the
 * LMS takes several items in one answer.
 */
export function deepLinkAddress(key: string, courseId: number, multiple: boolean): string {
  return `/lti/deep-link/${encodeURIComponent(key)}?course=${courseId}${multiple ? '&multiple=1' : ''}`;
}

/**
 * Opens the picker as a new document, not a client-side route: its Content-Security-Policy, which
 * lets its form post to the LMS's return URL, comes with the page's own response.
 */
export function openDeepLinkPicker(address: string): void {
  window.location.assign(address);
}
