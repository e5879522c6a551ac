// Worker entry: registers tsx (not inherited by workers on Node 20), then loads the PDF renderer.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
