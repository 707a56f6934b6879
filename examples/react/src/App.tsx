import { useState } from 'react';
import type {} from 'svc-storefront/jsx'; // typed <svc-*> tags: numbers, booleans and events as the elements take them

// The service and the store, given at build time (VITE_SVC_BASE_URL=http://localhost:8787 npm run build).
const store = {
  id: import.meta.env.VITE_SVC_STORE_ID ?? 'demo-store',
  key: import.meta.env.VITE_SVC_STORE_KEY ?? 'sfk_demo',
  baseUrl: import.meta.env.VITE_SVC_BASE_URL ?? 'http://localhost:8787',
};

export function App() {
  const [chosen, setChosen] = useState<string>();
  return (
    <svc-store store-id={store.id} store-key={store.key} base-url={store.baseUrl}>
      <header className="bar">
        <h1>Toko Contoh</h1>
        <svc-cart-button open-on-add={true}></svc-cart-button>
      </header>
      <p className="chosen" aria-live="polite">{chosen ? `Dilihat: ${chosen}` : ''}</p>
      <svc-catalog page-size={8} hide-count={false} onsvc-item-select={(event) => setChosen(event.detail.item.name)}></svc-catalog>
    </svc-store>
  );
}
