/* FreeBSD and OpenBSD */
#define AT_HWCAP 25
int elf_aux_info(int aux, void *buf, int buflen);
