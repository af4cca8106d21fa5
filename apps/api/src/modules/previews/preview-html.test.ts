import { describe, expect, it } from 'vitest';
import { absoluteUrl, escapeHtml, jsonForScript, summarise, withPreview } from './preview-html';

describe('preview HTML pieces (docs/decisions/0041-link-previews-and-club-links.md)', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('writes JSON that cannot close its script element and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('summarises on one line, cut at a word with an ellipsis', () => {
    expect(summarise('  a\n\nb\tc  ')).toBe('a b c');
    expect(summarise('')).toBeNull();
    expect(summarise(null)).toBeNull();
    const cut = summarise('word '.repeat(100), 50)!;
    expect(cut).toBe(`${'word '.repeat(8)}word…`);
    expect([...summarise('é'.repeat(300))!]).toHaveLength(200);
  });

  it("makes this server's paths absolute and keeps other addresses", () => {
    expect(absoluteUrl('https://x.org', '/api/media/a.png')).toBe('https://x.org/api/media/a.png');
    expect(absoluteUrl('https://x.org', 'https://cdn.example/b.jpg')).toBe('https://cdn.example/b.jpg');
    expect(absoluteUrl('https://x.org', null)).toBeNull();
  });

  it('replaces the title and description, keeps `$&` in a title as text, adds the tags before </head>', () => {
    const index =
      '<html><head><title>ClubTix</title><meta name="description" content="Product" /></head><body></body></html>';
    const html = withPreview(
      index,
      {
        title: 'A $& B',
        description: 'Desc',
        url: 'https://x.org/a',
        image: null,
        largeImage: true,
        siteName: 'Harbour "Club" & Co',
        structuredData: {},
      },
      'A $& B | ClubTix',
    );
    expect(html).toContain('<meta property="og:site_name" content="Harbour &quot;Club&quot; &amp; Co" />');
    expect(html).toContain('<title>A $&amp; B | ClubTix</title>');
    expect(html).toContain('<meta name="description" content="Desc" />');
    expect(html).not.toContain('Product');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });
});
