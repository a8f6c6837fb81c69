/**
 * The grade report (har report.ts) holds one section per language, marked with this attribute;
 * the one of the student's profile language shows unless the page showing the report asks for
 * another with `reportLanguageStyle` (QA2-5: the submission view shows the language chosen in the
 * header, as every other screen does).
 */
export const REPORT_SECTION_ATTRIBUTE = 'data-report-language';

/** A style that shows the report's section of `language` and hides the others. */
export function reportLanguageStyle(language: string): string {
  const code = language.replace(/[^a-z-]/g, '');
  return `<style>section[${REPORT_SECTION_ATTRIBUTE}]{display:none}section[${REPORT_SECTION_ATTRIBUTE}="${code}"]{display:block}</style>`;
}

/** The report's HTML showing its section of `language` (the sections stay; only the style chooses). */
export function reportInLanguage(html: string, language: string): string {
  const style = reportLanguageStyle(language);
  return html.includes('</head>') ? html.replace('</head>', `${style}</head>`) : `${style}${html}`;
}
