# SPDX-License-Identifier: MIT
"""The PEP 517 build backend of pyproject.toml: meson-python, plus what
meson-python 0.12 (Debian 12) lacks.

- ``pip install .``: meson-python builds the wheel when this Python has it;
  a Python without it (a pyenv or other own build, with no package index
  to fetch it from) gets the same wheel built here the same way: meson
  setup with the [tool.meson-python.args] options and a native file naming
  this interpreter, meson compile, and the files meson installs into the
  Python directories packed as a wheel.
- ``pip install -e .``: meson-python 0.12 has no editable installs. Here the
  binding is built in <source>/build-editable/<tag>-<hash>/ (or -C
  builddir=DIR) and the wheel
  holds one .pth file naming a directory of links to the source package
  and the built extension: a change to the Python sources is seen at once,
  one to the C sources after ``meson compile -C`` that build directory.
"""
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

try:
    import mesonpy
except ImportError:
    mesonpy = None

NAME = "skirmish"
SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


# ---------------------------------------------------------------------------
# pyproject.toml
# ---------------------------------------------------------------------------

def _pyproject():
    path = os.path.join(SOURCE, "pyproject.toml")
    with open(path, "rb") as f:
        data = f.read()
    for mod in ("tomllib", "tomli"):
        try:
            return __import__(mod).loads(data.decode("utf-8"))
        except ImportError:
            continue
    raise RuntimeError("%s: this Python has neither tomllib (3.11) nor tomli to read "
                       "pyproject.toml" % NAME)


def _setup_args():
    args = _pyproject().get("tool", {}).get("meson-python", {}).get("args", {})
    return list(args.get("setup", []))


# ---------------------------------------------------------------------------
# meson
# ---------------------------------------------------------------------------

def _run(*cmd, **kw):
    sys.stderr.write("+ %s\n" % " ".join(cmd))
    subprocess.run(cmd, check=True, stdout=sys.stderr, **kw)


def _user_args(config_settings):
    """The -C setup-args=... of pip (a string or a list), as meson-python
    takes them."""
    args = (config_settings or {}).get("setup-args", [])
    return [args] if isinstance(args, str) else list(args)


def _meson_setup(build_dir, extra=()):
    """Configures (or reconfigures) and builds build_dir for this
    interpreter (as meson-python does); extra: more meson options."""
    os.makedirs(build_dir, exist_ok=True)
    native = os.path.join(build_dir, "native-file.ini")
    with open(native, "w", encoding="utf-8") as f:
        f.write("[binaries]\npython = %r\n" % sys.executable)
    if os.path.exists(os.path.join(build_dir, "meson-private", "coredata.dat")):
        _run("meson", "setup", "--reconfigure", build_dir, SOURCE,
             "--native-file=" + native, *extra)
    else:
        _run("meson", "setup", build_dir, SOURCE, "--native-file=" + native,
             "-Ddebug=false", "-Doptimization=2", *_setup_args(), *extra)
    _run("meson", "compile", "-C", build_dir)


def _introspect(build_dir, what):
    path = os.path.join(build_dir, "meson-info", "intro-%s.json" % what)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _python_files(build_dir):
    """(path in the build or source tree, path in the wheel) of each file
    meson installs into this Python's directories."""
    out = []
    for files in _introspect(build_dir, "install_plan").values():
        for origin, info in files.items():
            dest = info["destination"]
            for key in ("{py_platlib}", "{py_purelib}", "{moduledir_shared}"):
                if dest.startswith(key):
                    out.append((origin, dest[len(key):].lstrip("/")))
    return out


# ---------------------------------------------------------------------------
# wheels
# ---------------------------------------------------------------------------

def _tag():
    impl = "cp" if sys.implementation.name == "cpython" else sys.implementation.name[:2]
    py = "%s%d%d" % (impl, sys.version_info[0], sys.version_info[1])
    soabi = sysconfig.get_config_var("SOABI") or ""
    m = re.match(r"cpython-(\d+)(\w*?)-", soabi)
    abi = "cp%s%s" % m.groups() if m else py
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (py, abi, plat)


def _metadata(version):
    p = _pyproject()["project"]
    lines = ["Metadata-Version: 2.1", "Name: %s" % p["name"], "Version: %s" % version,
             "Summary: %s" % p.get("description", ""),
             "License: %s" % p.get("license", {}).get("text", ""),
             "Requires-Python: %s" % p.get("requires-python", "")]
    lines += ["Classifier: %s" % c for c in p.get("classifiers", [])]
    lines += ["Requires-Dist: %s" % d for d in p.get("dependencies", [])]
    for extra, deps in p.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: %s" % extra)
        lines += ['Requires-Dist: %s; extra == "%s"' % (d, extra) for d in deps]
    return "\n".join(lines) + "\n"


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return [name, "sha256=" + digest.decode(), str(len(data))]


def _write_wheel(wheel_directory, version, files):
    """files: [(name in the wheel, bytes)]. Returns the wheel's file name."""
    tag = _tag()
    dist = "%s-%s" % (NAME, version)
    info = dist + ".dist-info"
    files = list(files) + [
        (info + "/METADATA", _metadata(version).encode()),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: %s pep517_backend\n"
                           "Root-Is-Purelib: false\nTag: %s\n" % (NAME, tag)).encode()),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        writer.writerow(_record_line(name, data))
    writer.writerow([info + "/RECORD", "", ""])
    name = "%s-%s.whl" % (dist, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for fname, data in files:
            z.writestr(fname, data)
        z.writestr(info + "/RECORD", record.getvalue())
    return name


def _version(build_dir):
    return _introspect(build_dir, "projectinfo")["version"]


def _own_build_wheel(wheel_directory, config_settings):
    """The wheel, built in a scratch directory (or -C builddir=DIR, kept)."""
    with tempfile.TemporaryDirectory(prefix="skirmish-wheel-") as tmp:
        build_dir = os.path.abspath((config_settings or {}).get("builddir")
                                    or os.path.join(tmp, "build"))
        _meson_setup(build_dir, _user_args(config_settings))
        files = []
        for origin, dest in _python_files(build_dir):
            with open(origin, "rb") as f:
                files.append((dest, f.read()))
        return _write_wheel(wheel_directory, _version(build_dir), files)


# ---------------------------------------------------------------------------
# the PEP 517 and PEP 660 hooks
# ---------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    if mesonpy is not None:
        return mesonpy.get_requires_for_build_wheel(config_settings)
    return []


def get_requires_for_build_sdist(config_settings=None):
    if mesonpy is not None:
        return mesonpy.get_requires_for_build_sdist(config_settings)
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    if mesonpy is not None:
        return mesonpy.build_wheel(wheel_directory, config_settings, metadata_directory)
    return _own_build_wheel(wheel_directory, config_settings)


def build_sdist(sdist_directory, config_settings=None):
    if mesonpy is not None:
        return mesonpy.build_sdist(sdist_directory, config_settings)
    # the files git knows, as meson dist would take them
    names = subprocess.run(["git", "-C", SOURCE, "ls-files", "-z"], check=True,
                           stdout=subprocess.PIPE).stdout.decode().split("\0")
    version = re.search(r"version:\s*'([^']+)'",
                        open(os.path.join(SOURCE, "meson.build"), encoding="utf-8").read())
    dist = "%s-%s" % (NAME, version.group(1) if version else "0")
    name = dist + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for n in filter(None, names):
            t.add(os.path.join(SOURCE, n), arcname="%s/%s" % (dist, n), recursive=False)
        info = _metadata(version.group(1) if version else "0").encode()
        ti = tarfile.TarInfo("%s/PKG-INFO" % dist)
        ti.size = len(info)
        t.addfile(ti, io.BytesIO(info))
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """A wheel with one .pth file naming a directory of links to the source
    package and the extension built in <source>/build-editable/<tag>-<hash>/
    (or the directory given as ``-C builddir=DIR``)."""
    build_dir = (config_settings or {}).get("builddir")
    if not build_dir:
        # one per interpreter (two of one version may differ in their headers)
        exe = hashlib.sha256(os.path.realpath(sys.executable).encode()).hexdigest()[:8]
        build_dir = os.path.join(SOURCE, "build-editable", "%s-%s" % (_tag(), exe))
    build_dir = os.path.abspath(build_dir)
    _meson_setup(build_dir, _user_args(config_settings))
    links = os.path.join(build_dir, "site")
    shutil.rmtree(links, ignore_errors=True)
    os.makedirs(links)
    for origin, dest in _python_files(build_dir):
        top = dest.split("/")[0]
        src = origin
        if "/" in dest:   # a file of the package: link the package directory
            src = os.path.join(SOURCE, "python", top)
        target = os.path.join(links, top)
        if not os.path.lexists(target):
            os.symlink(os.path.abspath(src), target)
    pth = ("%s-editable.pth" % NAME, (links + "\n").encode())
    return _write_wheel(wheel_directory, _version(build_dir), [pth])
