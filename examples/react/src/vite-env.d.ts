interface ImportMetaEnv {
  readonly VITE_SVC_BASE_URL?: string;
  readonly VITE_SVC_STORE_ID?: string;
  readonly VITE_SVC_STORE_KEY?: string;
}
