#!/usr/bin/env node
// `npm run build`: compiles the C kernels of native/ (the very sources the Python extension
// is built from) and native/wasm/glue.c into queens-sat.wasm with clang --target=wasm32-wasi,
// wasi-libc and wasm-ld (Debian: clang lld wasi-libc). No other tool, nothing downloaded.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const native = join(root, "native");
// The kernels the module holds: every .c of these folders, once, as the portable variant.
const FOLDERS = ["common", "regions", "stars", "logic", "wasm"];
const CC = process.env.CC_WASM || "clang";
const SYSROOT = process.env.WASI_SYSROOT || "/usr";
const out = join(here, "queens-sat.wasm");
const objects = join(here, "build");

const flags = [
  "--target=wasm32-wasi",
  `--sysroot=${SYSROOT}`,
  "-O3",
  "-fno-wrapv",
  "-DQS_VARIANT=portable",
  `-I${join(native, "common")}`,
];

function run(args) {
  try {
    execFileSync(CC, args, { stdio: ["ignore", "inherit", "inherit"] });
  } catch (err) {
    if (err.code === "ENOENT") {
      console.error(`build: ${CC} not found; install Debian's clang, lld and wasi-libc (see docs/javascript.md)`);
    }
    process.exit(1);
  }
}

rmSync(objects, { recursive: true, force: true });
mkdirSync(objects, { recursive: true });
const built = [];
for (const folder of FOLDERS) {
  const dir = join(native, folder);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".c")).sort()) {
    const object = join(objects, `${folder}-${file.replace(/\.c$/, ".o")}`);
    run([...flags, `-I${dir}`, "-c", join(dir, file), "-o", object]);
    built.push(object);
  }
}
run([
  "--target=wasm32-wasi",
  `--sysroot=${SYSROOT}`,
  "-O3",
  "-nostartfiles",
  "-Wl,--no-entry",
  "-Wl,--strip-all",
  "-Wl,--gc-sections",
  "-Wl,-z,stack-size=1048576",
  ...built,
  "-o",
  out,
]);
rmSync(objects, { recursive: true, force: true });
console.log(`built ${relative(process.cwd(), out)}: ${statSync(out).size} bytes from ${built.length} C files`);
