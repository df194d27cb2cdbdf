// @vitest-environment jsdom
// A download leaves nothing behind: the link goes at once, the object URL after the browser had time to start.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob, downloadText } from './download.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The blobs given object URLs and the file names clicked, jsdom having neither downloads nor object URLs. */
function watchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const revoked: string[] = [];
  URL.createObjectURL = (blob: Blob) => `blob:test/${blobs.push(blob)}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(`${this.download} ${this.href}`);
  });
  return { blobs, names, revoked };
}

/** jsdom's Blob has no text(): its FileReader reads it. */
function textOf(blob: Blob | undefined): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    if (blob) reader.readAsText(blob);
  });
}

describe('downloadBlob', () => {
  it('clicks a link to the blob under the file name, then removes the link and, later, the URL', () => {
    vi.useFakeTimers();
    const seen = watchDownloads();
    const blob = new Blob(['x'], { type: 'application/octet-stream' });
    downloadBlob('report.xlsx', blob);
    expect(seen.blobs).toEqual([blob]);
    expect(seen.names).toEqual(['report.xlsx blob:test/1']);
    expect(document.querySelector('a')).toBeNull();
    expect(seen.revoked).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(seen.revoked).toEqual(['blob:test/1']);
  });
});

describe('downloadText', () => {
  it('saves the text as a CSV unless told another type', async () => {
    const seen = watchDownloads();
    downloadText('history.csv', 'a;b\n');
    downloadText('notes.txt', 'hello', 'text/plain');
    expect(seen.names.map((name) => name.split(' ')[0])).toEqual(['history.csv', 'notes.txt']);
    expect(seen.blobs.map((blob) => blob.type)).toEqual(['text/csv;charset=utf-8', 'text/plain']);
    expect(await textOf(seen.blobs[0])).toBe('a;b\n');
  });
});
