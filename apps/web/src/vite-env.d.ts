/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; defaults to '/api' (same origin, DECISIONS.md section 1). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
