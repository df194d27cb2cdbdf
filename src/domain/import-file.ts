// What a chosen file holds, before it is parsed: text, nothing, or not text at all (a
// spreadsheet, a PDF or an image read as text gives hundreds of "rows" of noise). And in which
// encoding: UTF-8 (BOM or not), UTF-16 with its BOM (Excel's "Unicode text"), and otherwise
// Windows-1252, what Excel in a French (or any Western) locale writes as "CSV": bytes that are
// not valid UTF-8 are read as Windows-1252 rather than turning "é" into "�". The administrator
// can change the encoding; a pasted list is text already and never goes through here.
import { parseImportText } from './import-rows.ts';

export const encodings = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type Encoding = (typeof encodings)[number];

export type FileProblem = 'empty' | 'binary' | 'no-rows' | 'unreadable';

export interface ChosenFile {
  name: string;
  /** Kept to read the file again in another encoding. */
  bytes: Uint8Array;
  encoding: Encoding;
  text: string;
  rows: number;
}

export type ImportFile =
  | { kind: 'text'; text: string; encoding: Encoding }
  | { kind: 'empty' } // no bytes, or only blanks
  | { kind: 'binary' }; // NUL bytes or many control characters: not a text file

/** How much of the file the binary check reads (as `file` and `grep` do, the start tells). */
const SNIFF_CHARS = 64 * 1024;

/**
 * An Excel workbook (.xlsx): a ZIP archive, which starts with "PK\x03\x04". Only the dashboard
 * server reads one (its first sheet, server/dashboard/jobs/import-input.ts); as text it is noise.
 */
export function looksLikeXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The encoding a byte order mark announces, or null. */
function bomEncoding(bytes: Uint8Array): Encoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** The encoding a file is most likely in: its BOM, else UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  const announced = bomEncoding(bytes);
  if (announced) return announced;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * Windows-1252's characters for the bytes 0x80-0x9F (where it differs from Latin-1), by byte.
 * Some TextDecoders (Node 20's among them) decode the "windows-1252" label as Latin-1 and give C1
 * control characters there; this puts "€", "œ", "’" and the quotes back, whatever the decoder.
 */
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The text of `bytes` in `encoding` (a BOM is dropped; bytes the encoding cannot read become "�"). */
export function decodeBytes(bytes: Uint8Array, encoding: Encoding): string {
  const text = new TextDecoder(encoding).decode(bytes);
  if (encoding !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => cp1252High[c.charCodeAt(0) - 0x80] ?? c);
}

function looksBinary(text: string): boolean {
  const head = text.slice(0, SNIFF_CHARS);
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 0) return true;
    // Control characters other than tab, line feed, form feed and carriage return.
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) control++;
  }
  return control > head.length / 10;
}

/** Reads a file's bytes in `encoding`, or in the detected one. */
export function classifyImportFile(bytes: Uint8Array, encoding: Encoding = detectEncoding(bytes)): ImportFile {
  const text = decodeBytes(bytes, encoding);
  if (looksBinary(text)) return { kind: 'binary' };
  return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', text, encoding };
}

/** A chosen file, read and counted, or why it cannot be imported. */
export async function readImportFile(
  name: string,
  bytes: Uint8Array,
  encoding?: Encoding,
): Promise<{ file: ChosenFile; problem?: undefined } | { problem: FileProblem }> {
  try {
    const content = classifyImportFile(bytes, encoding);
    if (content.kind !== 'text') return { problem: content.kind };
    const rows = (await parseImportText(content.text)).rows.length;
    if (rows === 0) return { problem: 'no-rows' };
    return { file: { name, bytes, encoding: content.encoding, text: content.text, rows } };
  } catch {
    return { problem: 'unreadable' };
  }
}
