import { expect } from 'vitest';

/**
 * A small well-formedness check of the chart exports (mekko-export, range-export): every tag is
 * closed in order, attributes are quoted, and text holds no raw '<' or bare '&'. Not
 * @xmldom/xmldom, the server's parser: it lets a bare '&' through, the escape these tests guard.
 */
export function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = token.exec(body)) !== null) {
    const between = body.slice(last, match.index);
    expect(between, `text before <${match[2]}>`).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/);
    last = token.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name ?? '');
  }
  expect(body.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
}
