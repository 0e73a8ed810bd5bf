// What one minor page fault costs on this machine: touches one byte in each
// 4 KB page of fresh memory (never touched, so each touch faults) and prints
// one JSON line with the microseconds per fault. On bare metal a fault costs
// well under a microsecond; under some hypervisors (shadow paging) it costs
// ten times more, and then every first use of memory the heap grows into
// shows in the benchmarks (bench/README.md, "Page faults").
//   node page-fault-cost.mjs [MiB]
import { Buffer } from 'node:buffer';

const mebibytes = Number(process.argv[2] ?? 64);
const pages = (mebibytes * 1024 * 1024) / 4096;
const memory = Buffer.allocUnsafeSlow(pages * 4096);
const faultsBefore = process.resourceUsage().minorPageFault;
const start = process.hrtime.bigint();
for (let page = 0; page < pages; page++) memory[page * 4096] = 1;
const micros = Number(process.hrtime.bigint() - start) / 1000;
const faults = process.resourceUsage().minorPageFault - faultsBefore;
console.log(JSON.stringify({ pages, faults, microsPerFault: micros / Math.max(faults, 1) }));
