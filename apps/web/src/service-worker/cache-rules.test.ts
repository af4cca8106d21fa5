import { describe, expect, it } from 'vitest';
import { precacheList, versionOf } from '../../door-service-worker';
import { routeRequest } from './cache-rules';

const origin = 'https://tickets.example.org';
const precached = new Set(['/index.html', '/manifest.webmanifest']);
const route = (url: string, mode = 'cors', method = 'GET') => routeRequest({ url, mode, method }, origin, precached);

describe("the door's service worker (docs/decisions/0037-installable-offline-door.md)", () => {
  it('never answers an API call from its cache, nor anything not a GET or of another origin', () => {
    expect(route(`${origin}/api/checkin/getDoorList?eventId=e`)).toBe('network');
    expect(route(`${origin}/api/checkin/sync`, 'cors', 'POST')).toBe('network');
    expect(route(`${origin}/api`)).toBe('network');
    expect(route(`${origin}/api/event/getEvent`, 'navigate')).toBe('network');
    expect(route('https://js.stripe.com/v3/', 'no-cors')).toBe('network');
    expect(route(`${origin}/assets/index-abc.js`, 'cors', 'HEAD')).toBe('network');
  });

  it('opens pages from the shell and built files from the cache first', () => {
    expect(route(`${origin}/event/e-1/checkin`, 'navigate')).toBe('shell');
    expect(route(`${origin}/door`, 'navigate')).toBe('shell');
    expect(route(`${origin}/assets/checkin-page-abc.js`)).toBe('cacheFirst');
    expect(route(`${origin}/manifest.webmanifest`)).toBe('cacheFirst');
    expect(route(`${origin}/sw.js`)).toBe('network');
  });

  it("keeps the entry's chunks and the door page's, lazy ones too, but not other pages'", () => {
    const chunk = (fileName: string, patch: object = {}) => ({
      type: 'chunk' as const,
      fileName,
      isEntry: false,
      facadeModuleId: null,
      imports: [],
      dynamicImports: [],
      ...patch,
    });
    const bundle = {
      'assets/index.js': chunk('assets/index.js', {
        isEntry: true,
        imports: ['assets/react.js'],
        dynamicImports: ['assets/checkin-page.js', 'assets/statistics.js'],
        viteMetadata: { importedCss: new Set(['assets/index.css']) },
      }),
      'assets/react.js': chunk('assets/react.js'),
      'assets/checkin-page.js': chunk('assets/checkin-page.js', {
        facadeModuleId: '/app/apps/web/src/features/checkin/pages/checkin-page.tsx',
        imports: ['assets/scan.js'],
        dynamicImports: ['assets/jsqr.js'],
      }),
      'assets/scan.js': chunk('assets/scan.js'),
      'assets/jsqr.js': chunk('assets/jsqr.js'),
      'assets/statistics.js': chunk('assets/statistics.js', {
        facadeModuleId: '/app/apps/web/src/features/checkin/pages/statistics-page.tsx',
      }),
      'sw.js': chunk('sw.js', { isEntry: true }),
      'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
    };
    const list = precacheList(bundle);
    expect(list).toContain('/index.html');
    expect(list.filter((path) => path.startsWith('/assets/'))).toEqual([
      '/assets/checkin-page.js',
      '/assets/index.css',
      '/assets/index.js',
      '/assets/jsqr.js',
      '/assets/react.js',
      '/assets/scan.js',
    ]);
    expect(list).not.toContain('/sw.js');
    expect(versionOf(list)).not.toBe(versionOf([...list, '/assets/other.js']));
  });
});
