import type { AssignmentSet } from '@app/contract/assignments';
import type { GoogleInfo } from '@app/contract/integrations';

/** Sample records of the integrations' tests (the fake API and render helpers are in src/testing/). */
export const googleInfo = (overrides: Partial<GoogleInfo> = {}): GoogleInfo => ({
  configured: true,
  linked: true,
  courses: [
    { id: '1001', name: 'Period 1 Music Theory' },
    { id: '1002', name: 'Period 4 Music Theory' },
  ],
  error: 0,
  disabled: [],
  ...overrides,
});

export const testDocument = (overrides: { id?: number; title?: string } = {}) => ({ id: 31, title: 'Cadences in C major', ...overrides });

export const testAssignment = (overrides: Partial<Pick<AssignmentSet, 'id' | 'due_at'>> = {}) => ({
  id: 8,
  due_at: Math.floor(Date.now() / 1000) + 7 * 86_400,
  ...overrides,
});
