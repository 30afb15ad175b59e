import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);

// The shell (this page, its scripts and styles) is kept for when the phone is offline; never a
// conversation (sw.js).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/family/sw.js', { scope: '/family/' }).catch(() => {});
}
