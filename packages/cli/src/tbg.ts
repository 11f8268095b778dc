/**
 * `tbg COMMAND …`: the one command line of tbg. Each command lives in its own module, loaded
 * only when it runs (so `tbg --help` does not load ELK or the protobuf schema); this file
 * only dispatches.
 */
import { runCli, type CliSpec } from './shell/run-cli.js';

interface Command {
  name: string;
  what: string;
  load(): Promise<CliSpec>;
}

const COMMANDS: readonly Command[] = [
  { name: 'graph', what: 'inspect any graph source: JSON summary, nodes, or a readable report', load: async () => (await import('./graph/graph-command.js')).graphCommand },
  { name: 'events', what: 'list the runs of a logdir, or print the records of an event file', load: async () => (await import('./events/events-command.js')).eventsCommand },
  { name: 'layout', what: 'lay a graph out, check the geometry, write an SVG', load: async () => (await import('./layout/layout-command.js')).layoutCommand },
  { name: 'dump-hierarchy', what: "the name-scope hierarchy as JSON (TensorBoard's model)", load: async () => (await import('./hierarchy/dump-command.js')).dumpHierarchyCommand },
  { name: 'serve', what: "TensorBoard's data API and the board for a logdir, on http://127.0.0.1:6006/", load: async () => (await import('./serve/serve-command.js')).serveCommand },
  { name: 'render', what: 'draw a graph as SVG or PNG: expand, colour and orientation options', load: async () => (await import('./render/render-command.js')).renderCommand },
  { name: 'example-logdir', what: 'write the MNIST-like example logdir (seeded, about 1 MB)', load: async () => (await import('./example/example-command.js')).exampleLogdirCommand },
];

const USAGE = `usage: tbg COMMAND [ARGS…]

commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(16)}${c.what}`).join('\n')}

tbg COMMAND --help shows a command's options.`;

const [name, ...args] = process.argv.slice(2);
const command = COMMANDS.find((c) => c.name === name);
if (command) runCli(await command.load(), args);
else if (name === '-h' || name === '--help') process.stdout.write(USAGE + '\n');
else if (name === undefined) {
  process.stderr.write(USAGE + '\n');
  process.exitCode = 2;
} else {
  process.stderr.write(`tbg: unknown command ${name}\n${USAGE}\n`);
  process.exitCode = 2;
}
