import { createRoot } from 'react-dom/client';
import '@client-portal/ui/styles.css';
import { App } from './App';

createRoot(document.getElementById('app')!).render(<App />);
