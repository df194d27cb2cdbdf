import { describe, expect, it } from 'vitest';
import { classifyImportFile, decodeBytes, detectEncoding, readImportFile } from './import-file.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

/** `text` as UTF-16 code units, little- or big-endian, after a BOM. */
function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const units = [0xfeff, ...Array.from(text, (c) => c.charCodeAt(0))];
  return new Uint8Array(units.flatMap((u) => (endian === 'le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])));
}

describe('classifyImportFile', () => {
  it('reads UTF-8 text, with or without a BOM', () => {
    expect(classifyImportFile(bytes('E100123;0\r\nJérôme;1\n'))).toEqual({
      kind: 'text',
      text: 'E100123;0\r\nJérôme;1\n',
      encoding: 'utf-8',
    });
    expect(classifyImportFile(bytes([0xef, 0xbb, 0xbf], 'E1\n'))).toEqual({
      kind: 'text',
      text: 'E1\n',
      encoding: 'utf-8',
    });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, as French Excel writes them', () => {
    // "élodie.martin;1" and "Zoë;€" saved by Excel in a French locale.
    expect(classifyImportFile(bytes([0xe9], 'lodie.martin;1\r\nZo', [0xeb], ';', [0x80], '\r\n'))).toEqual({
      kind: 'text',
      text: 'élodie.martin;1\r\nZoë;€\r\n',
      encoding: 'windows-1252',
    });
  });

  it('reads UTF-16 with a BOM, little- and big-endian', () => {
    const text = 'identifiant;admin\r\nélodie.martin;oui\r\n';
    expect(classifyImportFile(utf16(text, 'le'))).toEqual({ kind: 'text', text, encoding: 'utf-16le' });
    expect(classifyImportFile(utf16(text, 'be'))).toEqual({ kind: 'text', text, encoding: 'utf-16be' });
  });

  it('reads in the encoding asked for, when the administrator changes it', () => {
    const latin1 = bytes('J', [0xe9], 'r', [0xf4], 'me\n');
    expect(classifyImportFile(latin1, 'utf-8')).toEqual({
      kind: 'text',
      text: 'J\uFFFDr\uFFFDme\n',
      encoding: 'utf-8',
    });
    const utf8 = bytes('Jérôme\n');
    expect(classifyImportFile(utf8, 'windows-1252')).toEqual({
      kind: 'text',
      text: 'JÃ©rÃ´me\n',
      encoding: 'windows-1252',
    });
  });

  it('calls a file of no bytes, blanks or a lone BOM empty', () => {
    expect(classifyImportFile(bytes())).toEqual({ kind: 'empty' });
    expect(classifyImportFile(bytes(' \r\n\n\t'))).toEqual({ kind: 'empty' });
    expect(classifyImportFile(bytes([0xef, 0xbb, 0xbf]))).toEqual({ kind: 'empty' });
    expect(classifyImportFile(bytes([0xff, 0xfe]))).toEqual({ kind: 'empty' });
  });

  it('refuses a binary file: a NUL byte, or many control characters', () => {
    // The start of a ZIP (an .xlsx), and of a PNG.
    expect(classifyImportFile(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toEqual({ kind: 'binary' });
    expect(classifyImportFile(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toEqual({
      kind: 'binary',
    });
    expect(
      classifyImportFile(
        bytes(
          'E1',
          Array.from({ length: 20 }, () => 0x01),
          'E2',
        ),
      ),
    ).toEqual({ kind: 'binary' });
    // A NUL far into a long text file still counts, within the first 64 KB.
    expect(classifyImportFile(bytes('E1\n'.repeat(10_000), [0x00]))).toEqual({ kind: 'binary' });
    // UTF-16 without a BOM has a NUL in every other byte: refused, not read as noise.
    expect(classifyImportFile(utf16('E1\r\n', 'le').subarray(2))).toEqual({ kind: 'binary' });
  });
});

describe('detectEncoding and decodeBytes', () => {
  it('go by the BOM first, then by whether the bytes are valid UTF-8', () => {
    expect(detectEncoding(bytes('plain ascii'))).toBe('utf-8');
    expect(detectEncoding(bytes([0xef, 0xbb, 0xbf], [0xe9]))).toBe('utf-8');
    expect(detectEncoding(bytes([0xe9]))).toBe('windows-1252');
    expect(detectEncoding(utf16('a', 'le'))).toBe('utf-16le');
    expect(decodeBytes(bytes([0x93], 'x', [0x94]), 'windows-1252')).toBe('“x”');
  });
});

describe('readImportFile', () => {
  it('counts the rows read, and keeps the bytes to read them again', async () => {
    const file = bytes('identifiant;admin\r\n', [0xe9], 'lodie.martin;oui\r\nE1;0\r\n');
    const read = await readImportFile('excel.csv', file);
    expect(read).toMatchObject({ file: { name: 'excel.csv', encoding: 'windows-1252', rows: 2, bytes: file } });
    expect('file' in read && read.file.text).toContain('élodie.martin');
  });

  it('says why a file cannot be imported', async () => {
    expect(await readImportFile('a.csv', bytes())).toEqual({ problem: 'empty' });
    expect(await readImportFile('a.csv', bytes('organisation identifier\r\n'))).toEqual({ problem: 'no-rows' });
  });
});
