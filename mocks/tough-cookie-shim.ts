/**
 * Stands in for `tough-cookie` in the browser build of the mock kit (vite.config.ts aliases it in
 * mock mode). MSW imports it only for its cookie store: the cookies of mocked requests and the
 * Set-Cookie of mocked responses. The platform API authenticates with a header, never a cookie,
 * and no handler sets one, so the store is always empty. The real package pulls in the public
 * suffix list (tldts): about 100 KB gzip the demo would download and parse before its first paint.
 * Node (tests, npm run mock:server) keeps the real one.
 */
export class Cookie {
  static fromJSON(): Cookie | null {
    return null;
  }
  toJSON(): Record<string, never> {
    return {};
  }
}

export class MemoryCookieStore {
  idx: Record<string, Record<string, Record<string, Cookie>>> = {};
}

export class CookieJar {
  constructor(readonly store: MemoryCookieStore) {}
  getCookiesSync(): Cookie[] {
    return [];
  }
  /** A mocked response's Set-Cookie: nothing here sends one; dropped. */
  async setCookie(): Promise<void> {}
}
