/* SPDX-License-Identifier: MIT */
/* The wasm module's program: none. Its calls are the exported functions
 * (wasm/meson.build); the runtime starts and waits for them. */
int main(void);

int
main(void)
{
	return 0;
}
