typedef struct FILE FILE;
extern FILE *stderr;
int fprintf(FILE *stream, const char *format, ...);
