# The Python face of a kernel that comes in variants (native/common/cpu.h), included by its
# module after it declares ``VARIANTS``, a pointer to the kernel's ``qs_variants`` table (C).

qs_variants_use(VARIANTS, QS_LEVELS - 1)  # at import: the best variant built that this CPU runs

BUILD_LEVEL = qs_build_level()  # what the code outside the variants was compiled for: 0 unless -march=native


def cpu_level() -> int:
    """What this CPU runs, whatever was built: 0 portable, 1 popcnt, 2 avx512."""
    return qs_cpu_level()


def variants() -> list:
    """The variants built into this module that this CPU runs, lowest first (``portable`` always)."""
    return [qs_level_name(level).decode() for level in range(QS_LEVELS) if qs_variants_runs(VARIANTS, level)]


def variant() -> str:
    """The variant in use: the best of ``variants()`` unless ``use_variant`` asked for a lesser one."""
    return qs_level_name(VARIANTS.current).decode()


def use_variant(str name) -> str:
    """Use the variant ``name`` (or the best lesser one built that this CPU runs); returns the one
    now in use. ValueError for a name that is no level."""
    for level in range(QS_LEVELS):
        if qs_level_name(level).decode() == name:
            qs_variants_use(VARIANTS, level)
            return variant()
    raise ValueError(f"{name!r} is not one of {', '.join(qs_level_name(i).decode() for i in range(QS_LEVELS))}")
