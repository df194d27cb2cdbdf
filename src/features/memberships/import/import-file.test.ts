import { describe, expect, it } from 'vitest';
import { classifyImportFile } from './import-file.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

describe('classifyImportFile', () => {
  it('reads UTF-8 text, with or without a BOM', () => {
    expect(classifyImportFile(bytes('E100123;0\r\nJérôme;1\n'))).toEqual({
      kind: 'text',
      text: 'E100123;0\r\nJérôme;1\n',
    });
    expect(classifyImportFile(bytes([0xef, 0xbb, 0xbf], 'E1\n'))).toEqual({ kind: 'text', text: 'E1\n' });
  });

  it('calls a file of no bytes, blanks or a lone BOM empty', () => {
    expect(classifyImportFile(bytes())).toEqual({ kind: 'empty' });
    expect(classifyImportFile(bytes(' \r\n\n\t'))).toEqual({ kind: 'empty' });
    expect(classifyImportFile(bytes([0xef, 0xbb, 0xbf]))).toEqual({ kind: 'empty' });
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
  });

  it('tells a text in another encoding (Windows-1252 "é") from UTF-8', () => {
    expect(classifyImportFile(bytes('J', [0xe9], 'r', [0xf4], 'me;1\n'))).toEqual({ kind: 'not-utf8' });
  });
});
