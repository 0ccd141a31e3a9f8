"""The process's plumbing, below formats and engines: signals (Ctrl-C, SIGTERM), cancel scopes,
process pools, the standard streams, a pipe's lines read live, and files written whole."""
