import { createRoot } from 'react-dom/client';
import { App } from './App';
import { frameUrlFrom } from './frame-url';
import { SHOW_SECTION_PARAM, shownSection } from '../../contract/owner/sections';

const container = document.getElementById('app');
if (container) createRoot(container).render(<App frameUrl={frameUrlFrom(location.search, location.origin)} path={location.pathname} show={shownSection(new URLSearchParams(location.search).get(SHOW_SECTION_PARAM))} />);
