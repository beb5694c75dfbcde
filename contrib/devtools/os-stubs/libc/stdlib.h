char *getenv(const char *name);
_Noreturn void abort(void);
