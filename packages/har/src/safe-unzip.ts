import { har } from '@app/contract/har-messages';
import { Inflate } from 'fflate';
import { HarError } from './har-error.ts';

/**
 * Unpacks a ZIP archive that a stranger sent us. fflate's one-shot `unzipSync`
 * trusts the sizes the archive declares, so we read the central directory
 * ourselves and inflate each entry in small steps, counting the bytes that come
 * out and stopping as soon as a limit is passed: a zip bomb costs at most one
 * step of output (about 8 MB) beyond the limit, never the bomb's full size.
 */
export type ZipLimits = {
  maxArchiveBytes: number;
  maxUnpackedBytes: number;
  maxEntries: number;
  /** A limit of one entry's own (by name), refused with its `refusal` as soon as inflating passes it. */
  maxEntryBytes?: (name: string) => { bytes: number; refusal: () => HarError } | undefined;
  /** The entries to unpack; the others count against the limits by the size they declare and are never inflated. */
  wanted?: (name: string) => boolean;
};

const MB = 1024 * 1024;
export const HAR_LIMITS: ZipLimits = { maxArchiveBytes: 20 * MB, maxUnpackedBytes: 50 * MB, maxEntries: 32 };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
// Deflate expands at most ~1032:1, so an 8 KB step yields at most ~8 MB.
const INFLATE_STEP = 8 * 1024;

type CentralEntry = { name: string; method: number; flags: number; crc: number; compressedSize: number; size: number; localOffset: number };

/** Entries by name (directories left out), in archive order. */
export function unzipWithLimits(bytes: Uint8Array, limits: ZipLimits = HAR_LIMITS): Map<string, Uint8Array> {
  if (bytes.length > limits.maxArchiveBytes) {
    throw new HarError(har('archiveTooLarge', { size: formatMb(limits.maxArchiveBytes) }), 'too_large');
  }
  const entries = readCentralDirectory(bytes, limits);
  const files = new Map<string, Uint8Array>();
  let unpacked = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    if (files.has(entry.name)) throw new HarError(har('archiveDuplicate', { name: describeName(entry.name) }), 'invalid_archive');
    const budget = limits.maxUnpackedBytes - unpacked;
    if (entry.size > budget) throw tooBigUnpacked(limits);
    if (limits.wanted && !limits.wanted(entry.name)) {
      unpacked += entry.size;
      continue;
    }
    const own = limits.maxEntryBytes?.(entry.name);
    if (own && entry.size > own.bytes) throw own.refusal();
    const tooBig = own && own.bytes < budget ? own.refusal : () => tooBigUnpacked(limits);
    const data = extract(bytes, entry, Math.min(budget, own?.bytes ?? budget), tooBig);
    unpacked += data.length;
    files.set(entry.name, data);
  }
  return files;
}

/** The names of an archive's entries (directories left out), read from its table of contents only. */
export function zipEntryNames(bytes: Uint8Array, limits: ZipLimits = HAR_LIMITS): string[] {
  if (bytes.length > limits.maxArchiveBytes) {
    throw new HarError(har('archiveTooLarge', { size: formatMb(limits.maxArchiveBytes) }), 'too_large');
  }
  return readCentralDirectory(bytes, limits)
    .map((entry) => entry.name)
    .filter((name) => !name.endsWith('/'));
}

function readCentralDirectory(bytes: Uint8Array, limits: ZipLimits): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notZip = () => new HarError(har('notZip'), 'invalid_archive');
  if (bytes.length < EOCD_SIZE || view.getUint32(0, true) !== LOCAL_SIGNATURE) {
    // An empty archive starts with the end record; anything else is not a ZIP file.
    if (!(bytes.length >= EOCD_SIZE && view.getUint32(0, true) === EOCD_SIGNATURE)) throw notZip();
  }
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - 0xffff);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw notZip();
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new HarError(har('zip64'), 'invalid_archive');
  if (count > limits.maxEntries) throw new HarError(har('tooManyEntries', { max: limits.maxEntries }), 'invalid_archive');
  if (directoryOffset + directorySize > eocd) throw damaged();

  const entries: CentralEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw damaged();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + CENTRAL_SIZE + nameLength > eocd) throw damaged();
    const name = new TextDecoder('utf-8').decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    assertSafeName(name);
    entries.push({
      name,
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += CENTRAL_SIZE + nameLength + extraLength + commentLength;
  }
  return entries;
}

function assertSafeName(name: string): void {
  const segments = name.split('/');
  const unsafe =
    name.length === 0 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    /^[A-Za-z]:/.test(name) ||
    segments.some((segment) => segment === '..');
  if (unsafe) throw new HarError(har('unsafePath', { name: describeName(name) }), 'invalid_archive');
}

function extract(bytes: Uint8Array, entry: CentralEntry, budget: number, tooBig: () => HarError): Uint8Array {
  const label = describeName(entry.name);
  if (entry.flags & 1) throw new HarError(har('encrypted', { name: label }), 'invalid_archive');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + LOCAL_SIZE > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) throw damaged(label);
  const start = at + LOCAL_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw damaged(label);
  const packed = bytes.subarray(start, end);

  let data: Uint8Array;
  if (entry.method === 0) {
    data = packed;
  } else if (entry.method === 8) {
    data = inflateWithin(packed, budget, tooBig, label);
  } else {
    throw new HarError(har('compression', { name: label }), 'invalid_archive');
  }
  if (data.length > budget) throw tooBig();
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw damaged(label);
  return data;
}

class LimitPassed extends Error {}

function inflateWithin(packed: Uint8Array, budget: number, tooBig: () => HarError, label: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > budget) throw new LimitPassed();
    chunks.push(chunk);
  });
  try {
    if (packed.length === 0) inflate.push(new Uint8Array(0), true);
    for (let offset = 0; offset < packed.length; offset += INFLATE_STEP) {
      inflate.push(packed.subarray(offset, offset + INFLATE_STEP), offset + INFLATE_STEP >= packed.length);
    }
  } catch (error) {
    if (error instanceof LimitPassed) throw tooBig();
    throw damaged(label);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function tooBigUnpacked(limits: ZipLimits): HarError {
  return new HarError(har('archiveUnpacksTooLarge', { size: formatMb(limits.maxUnpackedBytes) }), 'too_large');
}

function damaged(label?: string): HarError {
  return new HarError(label ? har('damagedEntry', { name: label }) : har('damagedDirectory'), 'invalid_archive');
}

function formatMb(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** An entry name as it may appear in a message: short, printable. */
function describeName(name: string): string {
  const printable = Array.from(name, (char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? '?' : char)).join('');
  return printable.length > 80 ? `${printable.slice(0, 77)}...` : printable;
}

let crcTable: Uint32Array | undefined;

function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  const table = crcTable;
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
