import { chunksOf, firstOfferImage, withBoot } from './page-boot.js';

describe('page boot', () => {
  it('writes the reads as JSON no answer can break out of, and the preloads, before </head>', () => {
    const html = withBoot(
      '<html><head><title>x</title></head><body></body></html>',
      {
        reads: { catalogue: JSON.stringify({ name: '</script><script>alert(1)</script><!--' }) },
        preloads: [
          { href: '/assets/StoreHome-Sh12Sh34.js', kind: 'modulepreload' },
          { href: '/api/v1/packages/3/offer-image?v=1&w="2"', kind: 'image' },
        ],
      },
      { appName: 'colnomina', tenant: '"CO"' },
    );
    expect(html).toBe(
      '<html><head><title>x</title>' +
        '<meta name="app-name" content="colnomina"><meta name="tenant" content="&#34;CO&#34;">' +
        '<link rel="modulepreload" crossorigin href="/assets/StoreHome-Sh12Sh34.js">' +
        '<link rel="preload" as="image" fetchpriority="high" href="/api/v1/packages/3/offer-image?v=1&#38;w=&#34;2&#34;">' +
        '<script type="application/json" id="boot-catalogue">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--"}</script>' +
        '</head><body></body></html>',
    );
    const json = /id="boot-catalogue">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it("lists a module's chunks that the entry does not load, the module's first", () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/Home.tsx': { file: 'assets/Home.js', imports: ['_react.js', '_a.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js', '_react.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js'] },
    };
    expect(chunksOf(manifest, 'src/Home.tsx')).toEqual(['assets/Home.js', 'assets/a.js', 'assets/b.js']);
    expect(chunksOf(manifest, 'src/Missing.tsx')).toEqual([]);
  });

  it("names the first offer in force's image, of this site only", () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const pkg = (over: object) => ({
      applyOffer: true,
      offerExpirationTime: '2026-12-31T23:59:59-05:00',
      urlImageOffer: '/api/v1/packages/1/offer-image',
      ...over,
    });
    const answer = (...records: object[]) => ({ result: { records } });
    expect(
      firstOfferImage(
        answer(
          pkg({ applyOffer: false, urlImageOffer: '/no' }),
          pkg({ offerExpirationTime: '2026-11-29T06:59:59-05:00', urlImageOffer: '/ended' }),
          pkg({}),
          pkg({ urlImageOffer: '/second' }),
        ),
        now,
      ),
    ).toBe('/api/v1/packages/1/offer-image');
    // The first offer has no image (or another host's): nothing is preloaded, not a later offer's.
    expect(firstOfferImage(answer(pkg({ urlImageOffer: null }), pkg({})), now)).toBeUndefined();
    expect(firstOfferImage(answer(pkg({ urlImageOffer: '//cdn.example/x.png' })), now)).toBeUndefined();
    expect(firstOfferImage({ statusCode: 404 }, now)).toBeUndefined();
  });
});
