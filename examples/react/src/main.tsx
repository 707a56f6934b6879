import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'svc-storefront'; // registers the elements
import { App } from './App';

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
