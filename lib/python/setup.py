"""Builds dpll._native from the C sources of the checkout.

The extension compiles libdpll and libpeg (lib/dpll; lib/peg with
lib/common, which libpeg shares with libmaze), the dpll tool's defaults
and the peg solver glue (tools/common) into itself, so the
package needs nothing installed but a C compiler and Python's headers:
    python3 -m venv --system-site-packages /tmp/v
    /tmp/v/bin/pip install --no-build-isolation ./lib/python
DPLL_WERROR=1 in the environment turns warnings into errors (the tests set
it); DPLL_PYTHON_BUILD names the build directory.  setuptools rebuilds an
object only when its source is newer, whatever the flags, so a build with
other flags (CFLAGS) needs a build directory of its own.  The sources
are compiled several at a time, one per core (build_ext --parallel N sets
another number).  Metadata is in pyproject.toml.
"""
import glob
import os
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def sources():
    """The extension's own files, then the libraries', relative to this
    directory as setuptools wants them."""
    own = sorted(glob.glob(os.path.join(HERE, "src", "*.c")))
    libs = []
    for part in ("dpll", "common", "peg"):
        libs += sorted(glob.glob(os.path.join(ROOT, "lib", part, "*.c")))
    tools = [os.path.join(ROOT, "tools", "common", name)
             for name in ("tooldefaults.c", "pegsolver.c")]
    missing = [f for f in tools if not os.path.exists(f)]
    if not libs or missing:
        raise SystemExit("dpll: build from a checkout of the project: "
                         f"the C sources are not under {ROOT}")
    return [os.path.relpath(f, HERE) for f in own + libs + tools]


class BuildExt(build_ext):
    """Puts every object in the build directory under a flat name
    (../dpll/add.c -> up_dpll_add.o): by default a source outside this
    directory would get its object outside the build directory.  Compiles
    the sources of an extension in parallel: setuptools' own --parallel
    only builds several extensions at once, and there is one."""

    def jobs(self):
        if self.parallel and self.parallel is not True:
            return int(self.parallel)
        try:
            return len(os.sched_getaffinity(0))
        except AttributeError:
            return os.cpu_count() or 1

    def build_extensions(self):
        compiler = self.compiler
        default = compiler.object_filenames
        serial = compiler.compile
        jobs = self.jobs()

        def parallel(sources, *args, **kwargs):
            """compile() of each source on its own, jobs at a time; the
            objects in the order of the sources."""
            if jobs <= 1 or len(sources) <= 1:
                return serial(sources, *args, **kwargs)
            with ThreadPoolExecutor(min(jobs, len(sources))) as pool:
                parts = pool.map(lambda src: serial([src], *args, **kwargs),
                                 sources)
                return [obj for part in parts for obj in part]

        def flat(names, strip_dir=0, output_dir=""):
            objects = default(names, strip_dir=1, output_dir=output_dir)
            return [os.path.join(os.path.dirname(o),
                                 n.replace("..", "up").replace(os.sep, "_")
                                 [:-2] + compiler.obj_extension)
                    for n, o in zip(names, objects)]

        compiler.object_filenames = flat
        compiler.compile = parallel
        super().build_extensions()


warnings = ["-Wall", "-Wextra", "-Wpedantic"]
if os.environ.get("DPLL_WERROR"):
    warnings.append("-Werror")

setup(
    cmdclass={"build_ext": BuildExt},
    # DPLL_PYTHON_BUILD moves the build directory (default lib/python/build)
    # out of the tree: the tests build there, once per flavour.
    options={"build": {"build_base": os.environ.get("DPLL_PYTHON_BUILD",
                                                    "build")}},
    ext_modules=[
        Extension(
            "dpll._native",
            sources=sources(),
            include_dirs=[os.path.join(ROOT, "include"),
                          os.path.join(ROOT, "lib"),
                          os.path.join(ROOT, "tools", "common")],
            extra_compile_args=["-std=c11", "-fvisibility=hidden"] + warnings,
            libraries=["m"],
        )
    ]
)
