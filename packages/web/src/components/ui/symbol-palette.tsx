import { useTranslation } from 'react-i18next';
import { PALETTE_SYMBOLS, paletteText } from '../../lib/label-palette.ts';
import styles from './symbol-palette.module.css';

type Symbol = (typeof PALETTE_SYMBOLS)[number];

/**
 * Buttons for the signs people cannot type easily. They keep the focus in the chord field
 * (mousedown does not take it) and insert at its caret; from the keyboard they insert into the
 * field last used and return to it.
 */
export function SymbolPalette({
  onInsert,
  disabled,
  wrap = false,
}: {
  onInsert: (symbol: string) => void;
  disabled: boolean;
  /** Keep every symbol in view on phones too, on two rows (the answer editors); the workspace keeps one row that scrolls. */
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const name = (symbol: Symbol): string => {
    switch (symbol) {
      case '°':
        return t('workspace.palette.names.diminished');
      case 'ø':
        return t('workspace.palette.names.halfDiminished');
      case '♭':
        return t('workspace.palette.names.flat');
      case '♯':
        return t('workspace.palette.names.sharp');
      case '/':
        return t('workspace.palette.names.slash');
      case ':':
        return t('workspace.palette.names.keyChange');
      case '=':
        return t('workspace.palette.names.pivot');
      default:
        return t('workspace.palette.names.figure', { figure: symbol });
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of buttons, not a form group
    <div role="group" aria-label={t('workspace.palette.label')} className={`${styles.palette} ${wrap ? styles.wraps : ''}`}>
      <span className={styles.paletteLabel} aria-hidden="true">
        {t('workspace.palette.label')}
      </span>
      <div className={styles.symbols}>
        {PALETTE_SYMBOLS.map((symbol) => (
          <button
            key={symbol}
            type="button"
            className={`${styles.symbol} ${/^\d+$/.test(symbol) ? styles.figure : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(paletteText(symbol))}
            disabled={disabled}
            aria-label={t('workspace.palette.insert', { name: name(symbol) })}
            title={name(symbol)}
          >
            {symbol}
          </button>
        ))}
      </div>
      <span className={styles.paletteHint}>{t('workspace.palette.hint')}</span>
      <span className={styles.paletteHint}>{t('keys.help')}</span>
    </div>
  );
}
