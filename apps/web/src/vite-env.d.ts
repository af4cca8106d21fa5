/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; defaults to '/api' (same origin, docs/product.md section 10). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
