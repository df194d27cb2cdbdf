// Text inside an SVG chart, which does not wrap by itself: a product's name is broken into lines
// at spaces (a word longer than a line is broken inside), so it is never cut.

/** `text` in lines of at most `perLine` characters. */
export function wrapLines(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > perLine) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, perLine));
      rest = rest.slice(perLine);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= perLine) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
