import { createRoot } from 'react-dom/client';
import { App } from './App';
import { frameUrlFrom } from './frame-url';

const container = document.getElementById('app');
if (container) createRoot(container).render(<App frameUrl={frameUrlFrom(location.search, location.origin)} path={location.pathname} />);
