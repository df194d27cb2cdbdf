import { describe, expect, it } from 'vitest';
import { wrapLines } from './chart-text.ts';

describe('wrapLines', () => {
  it('breaks at spaces, keeping every character of the text', () => {
    const lines = wrapLines('Atelier présentiel — prise de parole en public (#12)', 20);
    expect(lines).toEqual(['Atelier présentiel —', 'prise de parole en', 'public (#12)']);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
  });

  it('breaks a word longer than a line inside it', () => {
    expect(wrapLines('Sicherheitsunterweisungsprogramm 2', 12)).toEqual(['Sicherheitsu', 'nterweisungs', 'programm 2']);
  });

  it('gives one line for a short or empty text', () => {
    expect(wrapLines('Safety', 20)).toEqual(['Safety']);
    expect(wrapLines('', 20)).toEqual(['']);
  });
});
