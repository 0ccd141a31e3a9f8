#!/usr/bin/env node
// `npm run build`: compiles the C kernels of native/ (the very sources the Python extension
// is built from) and native/wasm/glue.c into queens-sat.wasm with clang --target=wasm32-wasi,
// wasi-libc and wasm-ld (Debian: clang lld wasi-libc). No other tool, nothing downloaded.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  "-mbulk-memory", // memset and memcpy as single instructions (every browser since 2020, Node 12.5+)
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

// The page's copy (src/queens_sat/server/static/, untracked): the module as a classic script that
// sets window.QueensSat (a page opened from file:// may not load ES modules), and the .wasm beside
// it. `queens-sat serve` serves both; `queens-sat site` writes them into a static site.
export function classicScript(source) {
  const names = [];
  const body = source
    .split("\n")
    .filter((line) => !/^export \{/.test(line))
    .map((line) => {
      if (line.includes("QS-WASM-URL")) return '  return new URL("queens-sat.wasm", SCRIPT_URL);';
      const m = line.match(/^export (?:async )?(?:function|class|const) (\w+)/);
      if (m) names.push(m[1]);
      return line.replace(/^export /, "");
    })
    .join("\n");
  return [
    "// queens-sat's JavaScript module (js/index.js) as a classic script: window.QueensSat. Made by js/build.mjs.",
    "(function () {",
    '"use strict";',
    "const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;",
    body,
    `window.QueensSat = { ${names.join(", ")} };`,
    "})();",
    "",
  ].join("\n");
}

const page = join(root, "src", "queens_sat", "server", "static");
if (existsSync(page)) {
  writeFileSync(join(page, "queens-sat.js"), classicScript(readFileSync(join(here, "index.js"), "utf8")));
  copyFileSync(out, join(page, "queens-sat.wasm"));
}
console.log(`built ${relative(process.cwd(), out)}: ${statSync(out).size} bytes from ${built.length} C files`);
