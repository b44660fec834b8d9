#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The binding installed as a user installs it (run by `meson test`, suite
'python', test 'python-install'). Each way in a scratch venv made with
--system-site-packages (no package index is needed), then `import skirmish`
from / (outside the source tree). The venvs use the pip of the Python they
are made from (--without-pip: pip installs into the venv running it), and
the builds are unoptimised (-Doptimization=0), to keep the test short:

  1. pip wheel --no-build-isolation SOURCE: a wheel (meson-python, or the
     in-tree backend where this Python has no meson-python), with this
     interpreter and with Debian's /usr/bin/python3 when it is another one
     that has cffi and venv; the wheel holds the package and its extension
     only, and the extension exports its init function alone (nm -D);
     then pip install of that wheel;
  2. pip install --no-build-isolation -e SOURCE: the import reads the
     package in SOURCE/python;
  3. meson install of a fresh build with -Dpython.install_env=auto into the
     venv;
  4. meson devenv -C BUILDDIR python3: the build tree's binding;
  5. meson install of a build for each interpreter (named in a native
     file) with the prefixes /usr/local and /usr, into a scratch root
     (DESTDIR): the package's directory is one that a Python of the prefix
     reads by itself (/usr/local/lib/python3.Y/dist-packages,
     /usr/lib/python3/dist-packages for Debian's), and that Python imports
     the scratch copy with PYTHONPATH at it.

Usage: test_install.py SOURCE BUILDDIR. Exits 77 (skipped) when this Python
cannot make a venv with pip.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

CHECK = (
    "import os, sys, skirmish\n"
    "g = skirmish.Game('senso', seed=1)\n"
    "a = g.add_figure(0, 10, 10, preset='samurai')\n"
    "b = g.add_figure(1, 30, 10, preset='peasant')\n"
    "g.start()\n"
    "assert g.distance(a, b) == 19.0\n"
    "assert skirmish.__version__ == skirmish.version()\n"
    "print(os.path.realpath(skirmish.__file__))\n"
)


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    started = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, **kw)
    print("  (%.1f s)" % (time.monotonic() - started), flush=True)
    if p.returncode != 0:
        sys.stdout.write(p.stdout)
        raise SystemExit("failed (status %d): %s" % (p.returncode, " ".join(cmd)))
    return p.stdout


def venv(python, where):
    """A venv of python with its site-packages (cffi, meson-python, and pip:
    the venv needs no pip of its own, pip installs into the Python running
    it)."""
    run([python, "-m", "venv", "--system-site-packages", "--without-pip", where])
    return os.path.join(where, "bin", "python")


def imported_from(python, env=None):
    """Where `import skirmish` finds the package, run from /."""
    out = run([python, "-c", CHECK], cwd="/", env=env)
    return out.strip().splitlines()[-1]


def expect_under(path, root, what):
    root = os.path.realpath(root)
    if not path.startswith(root + os.sep):
        raise SystemExit("%s: skirmish imported from %s, not under %s" % (what, path, root))
    print("ok: %s imports %s" % (what, path), flush=True)


def check_wheel(wheel, scratch):
    """The wheel holds the package, the extension and its stub, and its
    metadata: no libskirmish.so, no headers, no .pc; the extension needs
    no libskirmish.so and exports its init function alone."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        # meson-python puts the pure files in skirmish-V.data/purelib/
        data = re.compile(r"skirmish-[^/]+\.data/(purelib|platlib)/")
        allowed = re.compile(r"(skirmish/[a-z_]+\.py|skirmish/py\.typed|_skirmish_cffi\.pyi"
                             r"|_skirmish_cffi\.[-\w]+\.so|skirmish-[^/]+\.dist-info/[^/]+)$")
        extra = [n for n in names if not allowed.match(data.sub("", n, count=1))]
        if extra:
            raise SystemExit("%s holds more than the package: %s" % (os.path.basename(wheel), extra))
        ext = [n for n in names if data.sub("", n, count=1).startswith("_skirmish_cffi.")
               and n.endswith(".so")]
        if len(ext) != 1 or not any(data.sub("", n, count=1) == "skirmish/__init__.py"
                                    for n in names):
            raise SystemExit("%s lacks the package or its extension: %s" % (wheel, names))
        z.extract(ext[0], scratch)
    so = os.path.join(scratch, ext[0])
    exported = run(["nm", "-D", "--defined-only", so]).split()
    symbols = [w for w in exported if not re.match(r"^[0-9a-f]+$|^[A-Za-z]$", w)]
    if symbols != ["PyInit__skirmish_cffi"]:
        raise SystemExit("%s exports %s, not PyInit__skirmish_cffi alone" % (ext[0], symbols))
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", run(["readelf", "-d", so]))
    if any(n.startswith("libskirmish") for n in needed):
        raise SystemExit("%s needs %s" % (ext[0], needed))
    print("ok: %s: %d files, the extension exports PyInit__skirmish_cffi alone and needs %s"
          % (os.path.basename(wheel), len(names), " ".join(needed)), flush=True)


def sys_path(python):
    out = run([python, "-c", "import sys; print('\\n'.join(sys.path))"], cwd="/",
              env=dict(os.environ, PYTHONNOUSERSITE="1"))
    return [os.path.realpath(p) for p in out.splitlines() if p]


def prefix_installs(source, tmp, python, i):
    """meson install with DESTDIR for the prefixes /usr/local and /usr,
    the build's interpreter named by a native file."""
    bdir = os.path.join(tmp, "prefix-build-%d" % i)
    native = os.path.join(tmp, "native-%d.ini" % i)
    with open(native, "w", encoding="utf-8") as f:
        f.write("[binaries]\npython3 = %r\n" % python)
    for prefix in ("/usr/local", "/usr"):
        if not os.path.exists(bdir):
            run(["meson", "setup", bdir, source, "--native-file", native, "--prefix", prefix,
                 "-Dpython=enabled", "-Dtests=disabled", "-Dexamples=disabled",
                 "-Dtools=disabled", "-Ddocs=disabled", "-Doptimization=0"])
        else:
            run(["meson", "configure", bdir, "-Dprefix=" + prefix])
        dest = os.path.join(tmp, "root-%d%s" % (i, prefix.replace("/", "-")))
        run(["meson", "install", "-C", bdir, "--destdir", dest, "--quiet"])
        installed = json.loads(run(["meson", "introspect", bdir, "--installed"]).splitlines()[-1])
        ext = [d for b, d in installed.items() if os.path.basename(b).startswith("_skirmish_cffi.")
               and b.endswith(".so")]
        lib = [d for b, d in installed.items() if os.path.basename(b).startswith("libskirmish.so")]
        if len(ext) != 1 or not lib:
            raise SystemExit("meson install (%s) installs no extension or library: %s"
                             % (prefix, installed))
        chosen = os.path.dirname(ext[0])
        if not chosen.startswith(prefix + os.sep):
            raise SystemExit("meson install put the extension outside %s: %s" % (prefix, chosen))
        readers = [p for p in (python, "/usr/bin/python3", os.path.join(prefix, "bin", "python3"))
                   if os.path.exists(p) and os.path.realpath(chosen) in sys_path(p)]
        if not readers:
            raise SystemExit("meson install (%s, %s) put the package in %s, which no Python of "
                             "that prefix reads" % (python, prefix, chosen))
        env = dict(os.environ, PYTHONPATH=dest + chosen,
                   LD_LIBRARY_PATH=dest + os.path.dirname(lib[0]))
        expect_under(imported_from(readers[0], env), dest + chosen,
                     "meson install --prefix %s (%s), imported by %s" % (prefix, python, readers[0]))


def can_venv(python):
    return subprocess.run([python, "-c", "import venv, pip, cffi"],
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def main(argv):
    if len(argv) != 3:
        raise SystemExit(__doc__)
    source, build = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    os.environ.pop("PYTHONPATH", None)     # meson test's: the build tree's binding
    if not can_venv(sys.executable):
        print("skipped: %s cannot make a venv with pip and cffi" % sys.executable)
        return 77
    pythons = [sys.executable]
    debian = "/usr/bin/python3"
    if (os.path.exists(debian) and os.path.realpath(debian) != os.path.realpath(sys.executable)
            and can_venv(debian)):
        pythons.append(debian)
    # unoptimised builds: three times faster to compile, the same files
    pip = ["-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet",
           "--config-settings", "setup-args=-Doptimization=0"]
    tmp = tempfile.mkdtemp(prefix="skirmish-install-")
    try:
        # 1. a wheel, for each interpreter: built, inspected, installed
        for i, python in enumerate(pythons):
            where = os.path.join(tmp, "wheel-%d" % i)
            py = venv(python, where)
            wheels = os.path.join(tmp, "wheels-%d" % i)
            run([py] + pip[:2] + ["wheel", "--no-deps", "-w", wheels] + pip[3:] +
                ["--config-settings", "builddir=" + os.path.join(tmp, "build-%d" % i), source])
            wheel = [os.path.join(wheels, w) for w in os.listdir(wheels) if w.endswith(".whl")]
            if len(wheel) != 1:
                raise SystemExit("pip wheel (%s) wrote %s, not one wheel" % (python, wheel))
            check_wheel(wheel[0], os.path.join(tmp, "unpacked-%d" % i))
            run([py] + pip + wheel)
            expect_under(imported_from(py), where, "pip install (%s)" % python)

        # 2. editable, in the build directory of the first wheel (built already)
        where = os.path.join(tmp, "editable")
        py = venv(sys.executable, where)
        run([py] + pip + ["--config-settings", "builddir=" + os.path.join(tmp, "build-0"), "-e", source])
        expect_under(imported_from(py), os.path.join(source, "python"), "pip install -e")

        # 3. meson install into the venv (python.install_env=auto)
        where = os.path.join(tmp, "meson")
        py = venv(sys.executable, where)
        env = dict(os.environ, PATH=os.path.join(where, "bin") + os.pathsep + os.environ["PATH"])
        bdir = os.path.join(tmp, "meson-build")
        prefix = os.path.join(tmp, "prefix")
        run(["meson", "setup", bdir, source, "--prefix", prefix, "-Dpython=enabled",
             "-Dpython.install_env=auto", "-Dtests=disabled", "-Dexamples=disabled", "-Dtools=disabled", "-Ddocs=disabled",
             "-Doptimization=0"], env=env)
        run(["meson", "install", "-C", bdir, "--quiet"], env=env)
        libdirs = [os.path.join(prefix, d) for d in os.listdir(prefix) if d.startswith("lib")]
        libdirs += [os.path.join(d, s) for d in libdirs for s in os.listdir(d)
                    if os.path.isdir(os.path.join(d, s)) and "-linux-" in s]
        env["LD_LIBRARY_PATH"] = os.pathsep.join(libdirs)
        expect_under(imported_from(py, env), where, "meson install")

        # 5. meson install into /usr/local and /usr in a scratch root: the
        #    package lands in a directory that a Python of that prefix reads
        #    by itself, and imports from the scratch copy of it
        for i, python in enumerate(pythons):
            prefix_installs(source, tmp, python, i)

        # 4. meson devenv: the build tree's extension, the source package
        path = run(["meson", "devenv", "-C", build, "python3", "-c", CHECK],
                   cwd="/").strip().splitlines()[-1]
        expect_under(path, os.path.join(source, "python"), "meson devenv")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
