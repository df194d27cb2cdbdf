// What a chosen file holds, before it is parsed: text (UTF-8, BOM or not), nothing, or not text
// at all. A spreadsheet, a PDF or an image read as text gives hundreds of "rows" of noise.
import { parseImportText } from '../../../api/import-rows.ts';
import type { ChosenFile, FileProblem } from './import-source-state.ts';

export type ImportFile =
  | { kind: 'text'; text: string }
  | { kind: 'empty' } // no bytes, or only blanks
  | { kind: 'binary' } // NUL bytes or many control characters: not a text file
  | { kind: 'not-utf8' }; // text, but in another encoding: accents would be read wrong

/** How much of the file the binary check reads (as `file` and `grep` do, the start tells). */
const SNIFF_BYTES = 64 * 1024;

export function classifyImportFile(bytes: Uint8Array): ImportFile {
  const head = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return { kind: 'binary' };
    // Control characters other than tab, line feed, form feed and carriage return.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) control++;
  }
  if (control > head.length / 10) return { kind: 'binary' };
  let text: string;
  try {
    // BOM stripped by the decoder.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'not-utf8' };
  }
  return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', text };
}

/** A chosen file, read and counted, or why it cannot be imported. */
export async function readImportFile(
  file: File,
): Promise<{ file: ChosenFile; problem?: undefined } | { problem: FileProblem }> {
  try {
    const content = classifyImportFile(new Uint8Array(await file.arrayBuffer()));
    if (content.kind !== 'text') return { problem: content.kind };
    const rows = (await parseImportText(content.text)).rows.length;
    if (rows === 0) return { problem: 'no-rows' };
    return { file: { name: file.name, text: content.text, rows } };
  } catch {
    return { problem: 'unreadable' };
  }
}
