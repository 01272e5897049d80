/**
 * The playground's entry point: mounts the page.
 */

import { render } from 'preact';
import { App } from './app.js';
import './style.css';

render(<App />, document.getElementById('app')!);
