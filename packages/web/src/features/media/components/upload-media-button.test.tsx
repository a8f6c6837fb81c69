import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifications } from '../../../components/ui/notifications.tsx';
import { clearNotifications } from '../../../lib/notifications.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { UploadMediaButton } from './upload-media-button.tsx';

function pick(file: File) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UploadMediaButton collectionId={1} />
      <Notifications />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Upload Audio or Video'), { target: { files: [file] } });
  return [...screen.getByRole('status').querySelectorAll('p')].map((p) => p.textContent);
}

describe('UploadMediaButton', () => {
  afterEach(() => {
    act(() => clearNotifications());
  });

  it('refuses a file of another type with the spec’s sentence and the reason below it', () => {
    expect(pick(new File(['not audio'], 'notes.txt', { type: 'text/plain' }))).toEqual([
      'Error',
      'Only files with size smaller than 20 MB are supported.',
      'Only audio or video files are supported.',
    ]);
  });

  it('refuses more than 20 MB with the 20 MB sentence alone', () => {
    const big = new File(['x'], 'long.wav', { type: 'audio/wav' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(pick(big)).toEqual(['Error', 'Only files with size smaller than 20 MB are supported.']);
  });
});
