// The entry point. Node's compile cache is not enabled here: it saved ~0.2 s of CPU per start but
// kept ~10 MB of cached code resident for the life of the process (docs/benchmarks.md, "Start and
// memory"). An operator who prefers the faster start sets NODE_COMPILE_CACHE to a folder.
await import('./server.js');
