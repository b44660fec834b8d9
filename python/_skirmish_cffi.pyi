# SPDX-License-Identifier: MIT
# Type stub of the cffi extension (built by meson from the C header):
# the C calls and constants are untyped to Python type checkers.
from typing import Any, Callable, Optional, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])


class FFI:
    NULL: Any

    def def_extern(self, name: Optional[str] = ..., error: Any = ...,
                   onerror: Any = ...) -> Callable[[_F], _F]: ...

    def __getattr__(self, name: str) -> Any: ...


ffi: FFI
lib: Any
