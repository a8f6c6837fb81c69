import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

const INPUT_PATTERN = "yyyy-MM-dd'T'HH:mm";
const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const knownZones = new Map<string, boolean>();

/** True when the browser knows the IANA zone; an unknown name would turn every date into Invalid Date. Asked once per zone (a formatter is slow to make). */
export function isKnownTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** The zone to show times in: the profile's when the browser knows it, else UTC (never the machine's, which may differ). */
export function displayTimeZone(profileTimeZone: string | undefined): string {
  return profileTimeZone && isKnownTimeZone(profileTimeZone) ? profileTimeZone : 'UTC';
}

/** Epoch seconds → the value of an `<input type="datetime-local">` showing the wall clock of `timeZone`. */
export function toDateTimeInput(epochSeconds: number, timeZone: string): string {
  return format(new TZDate(epochSeconds * 1000, timeZone), INPUT_PATTERN);
}

/**
 * The value of a datetime-local input read as a wall-clock time in `timeZone` → epoch seconds.
 * Null when the input is empty or not a date.
 */
export function fromDateTimeInput(value: string, timeZone: string): number | null {
  const parts = INPUT_VALUE.exec(value);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new TZDate(year, month - 1, day, hours, minutes, seconds, timeZone);
  // Date rolls impossible days over (Feb 30 → Mar 2); an input never sends those, a typed value might.
  if (Number.isNaN(date.getTime()) || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return Math.floor(date.getTime() / 1000);
}
