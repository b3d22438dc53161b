import { createRoot } from 'react-dom/client';
import './custom-layer.css';
import { App } from './App';

createRoot(document.getElementById('app')!).render(<App />);
