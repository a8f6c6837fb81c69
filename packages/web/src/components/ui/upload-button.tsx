import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from './icons.tsx';
import styles from './upload-button.module.css';

export interface UploadButtonProps {
  label: string;
  /** The icon's size in pixels (the design system's 20 unless a row needs it smaller). */
  iconSize?: number;
  /** The file input's accept list, e.g. `.har` or `audio/*,video/*`. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The chosen files; the input is cleared first, so choosing the same file again fires again. */
  onFiles: (files: File[]) => void;
}

/** A button that opens the file picker: a label around a visually hidden file input, so it works with keyboard and screen readers. */
export function UploadButton({ label, iconSize = 20, accept, multiple = false, disabled = false, onFiles }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <label className={`${styles.button} ${disabled ? styles.disabled : ''}`}>
      <UploadIcon width={iconSize} height={iconSize} />
      <span>{label}</span>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        className="visually-hidden"
        disabled={disabled}
        onChange={(event) => {
          const files = event.target.files ? Array.from(event.target.files) : [];
          if (input.current) input.current.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}

/** An upload's progress: what is uploading, its percent, and a progress bar named the same. */
export function UploadProgress({ text, fraction, className }: { text: string; fraction: number; className?: string }) {
  const { i18n } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <div className={`${styles.progress} ${className ?? ''}`}>
      <div className={styles.progressLabel}>
        <span className={styles.progressName}>{text}</span>
        <span>{new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}</span>
      </div>
      <div className={styles.track} role="progressbar" aria-label={text} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
