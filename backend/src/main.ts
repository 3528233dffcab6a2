// The entry point. Node's compile cache goes on first, before the modules it caches are loaded:
// a start then reuses the code compiled by the previous one (in NODE_COMPILE_CACHE, by default a
// folder in the system's temporary directory) instead of compiling its ~2,000 modules again.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./server.js');
