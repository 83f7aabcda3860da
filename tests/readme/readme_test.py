#!/usr/bin/env python3
"""The README's console blocks, run as a reader runs them: every line starting with `$ ` in a
```console block is a command, and the lines after it, up to the next command or the end of the
block, are what it prints (stdout and stderr together, as a terminal shows them). Each command
runs with /bin/sh from one temporary folder (where the repository's examples/, tests/ and docs/
are linked, so that the paths of a clone work), with the built tools first on PATH, and its output
is compared with the README's sample after masking what changes from run to run (timings and
rates). A sample line `...` stands for any number of lines; check's notes on a slow program
(OPTIONAL below) depend on the machine's speed: those a sample shows may be absent, and a sample
that shows none ignores them. `...` within a sample line stands for any characters. A
line starting with `> ` continues the command above it, as a shell prompts for the rest of it. The
exit code must be 0, or 1 for `catmouse check`, which exits 1 when it finds the failure the sample
shows, or 2 when the sample ends with catmouse's refusal (`catmouse: ...`).

Blocks with an `mpirun` command run apart (--mpi), skipped with a message when mpirun is absent;
the others run by default (--no-mpi).

Programs the README names but does not ship are set up in the folder: `./my_1728_solver` is the
test programs' 1728 solver that gives up after 70 moves (as the README says), and `python3` is the
interpreter running this script (the README's Debian `/usr/bin/python3`), whatever else is on PATH.

Exit 0: every sample matches; 1: a sample differs (each difference printed with its README line);
2: usage; 77: skipped (--mpi without mpirun or catmouse-mpi). Standard library only."""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Volatile fields: a number followed by a unit of time or rate ("in 3.6 s", "0.18 s a graph",
# "(96681 graphs/s)", "5.5 graphs/s", "7.2 maps/s"), and --json's "seconds".
MASKS = [
    (re.compile(r'"seconds":[-+0-9.eE]+'), '"seconds":#'),
    (re.compile(r'\b\d+(?:\.\d+)?(?:e[-+]?\d+)? (s|graphs/s|maps/s)\b'), r'# \1'),
]
ANY_LINES = '...'
# check's notes on how fast the program starts ("the program takes 0.18 s a graph ..."): printed
# only for a program slower than 50 runs a second, which a C++ program, or Python on a fast idle
# machine, may not be. A sample that shows notes must match those printed, which may be fewer; a
# sample that shows none ignores them.
# Matched on masked lines.
OPTIONAL = re.compile(r'^catmouse check: (the program takes # s a |# (graph|map)s/s with one process '
                      r'|the program answers a )')
COMMAND_TIMEOUT = 600


class Command:
    def __init__(self, line_number, text):
        self.line_number = line_number
        self.text = text
        self.expected = []


def read_blocks(path):
    """The console blocks of a Markdown file: lists of Commands."""
    blocks = []
    block = None
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, start=1):
            line = line.rstrip('\n')
            if block is None:
                if line.strip() == '```console':
                    block = []
                continue
            if line.strip() == '```':
                blocks.append(block)
                block = None
            elif line.startswith('$ '):
                block.append(Command(number, line[2:]))
            elif line.startswith('> ') and block and not block[-1].expected:
                block[-1].text += '\n' + line[2:]  # a command continued, as a shell prompts it
            elif block:
                block[-1].expected.append(line)
            elif line.strip():
                raise ValueError(f'{path}:{number}: a console block must start with a command ("$ ...")')
    if block is not None:
        raise ValueError(f'{path}: a console block is not closed')
    return blocks


def mask(line):
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def same_line(expected, actual):
    """Whether a printed line matches a sample line, where `...` within the line (a sample that
    shortens a long JSON object, say) stands for any characters."""
    if ANY_LINES not in expected:
        return expected == actual
    pattern = '.*'.join(re.escape(piece) for piece in expected.split(ANY_LINES))
    return re.fullmatch(pattern, actual) is not None


def matches(expected, actual):
    """Whether the lines match, `...` in expected standing for any run of lines and an OPTIONAL
    line for itself or nothing."""
    if not expected:
        return not actual
    if expected[0] == ANY_LINES:
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    if actual and same_line(expected[0], actual[0]) and matches(expected[1:], actual[1:]):
        return True
    return bool(OPTIONAL.match(expected[0])) and matches(expected[1:], actual)


def is_mpi(block):
    return any(re.search(r'(^|[\s;&|(])mpirun\s', c.text) for c in block)


def prepare(folder, args):
    """The folder the commands run in, and their PATH."""
    for name in ('examples', 'tests', 'docs'):
        os.symlink(os.path.join(args.root, name), os.path.join(folder, name))
    if args.grid_solver:
        solver = os.path.join(folder, 'my_1728_solver')
        with open(solver, 'w', encoding='utf-8') as f:
            f.write(f'#!/bin/sh\nexec "{args.grid_solver}" --turns 70 "$@"\n')
        os.chmod(solver, 0o755)
    tools = os.path.join(folder, '.tools')
    os.mkdir(tools)
    os.symlink(sys.executable, os.path.join(tools, 'python3'))
    return os.pathsep.join([os.path.abspath(args.bin), tools, os.environ.get('PATH', '')])


def run(command, folder, path):
    env = dict(os.environ, PATH=path, LC_ALL='C.UTF-8')
    env.pop('TERM', None)
    # Open MPI keeps a session folder in the temporary folder: one of its own, so that runs in
    # parallel do not collide (other MPIs ignore the variable).
    env['OMPI_MCA_orte_tmpdir_base'] = folder
    try:
        done = subprocess.run(['/bin/sh', '-c', command], cwd=folder, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, []
    text = done.stdout.decode('utf-8', errors='replace')
    return done.returncode, text.splitlines()


def allowed_exit(command, code):
    """0; 1 for `catmouse check`, which exits 1 when it finds the failure the sample shows; 2 when
    the sample shows catmouse refusing the command (its message starts with `catmouse: `)."""
    if code == 0 or (code == 1 and re.match(r'catmouse check\b', command.text)):
        return True
    return code == 2 and bool(command.expected) and command.expected[-1].startswith('catmouse: ')


def check_block(block, folder, path, readme):
    """The differences in one block, as messages."""
    failures = []  # (line number, message)
    for command in block:
        code, output = run(command.text, folder, path)
        where = f'{readme}:{command.line_number}'
        if code is None:
            failures.append((command.line_number, f'{where}: `{command.text}` ran past {COMMAND_TIMEOUT} s'))
            continue
        expected = [mask(line) for line in command.expected]
        actual = [mask(line) for line in output]
        if not any(OPTIONAL.match(line) for line in expected):
            actual = [line for line in actual if not OPTIONAL.match(line)]
        if not matches(expected, actual):
            diff = difflib.unified_diff(command.expected, output, 'sample', 'printed', lineterm='')
            failures.append((command.line_number,
                             f'{where}: the output of `{command.text}` differs from the sample '
                             f'(timings and rates masked):\n' + '\n'.join(diff)))
        elif not allowed_exit(command, code):
            failures.append((command.line_number,
                             f'{where}: `{command.text}` exited with {code}:\n' + '\n'.join(output)))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--readme', required=True, nargs='+',
                        help='the Markdown files whose console blocks run, each from a folder of its own')
    parser.add_argument('--root', required=True, help='the repository (examples/, tests/, docs/)')
    parser.add_argument('--bin', required=True, help='the folder of the built catmouse')
    parser.add_argument('--grid-solver', help="the 1728 solver program (./my_1728_solver)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument('--mpi', action='store_true', help='run only the blocks with mpirun')
    group.add_argument('--no-mpi', action='store_true', help='run the other blocks (default)')
    parser.add_argument('--expect-differences', metavar='LINES', default='',
                        help="the test's own test: pass when exactly the commands on these lines "
                        '(comma-separated) differ from their samples')
    args = parser.parse_args()

    try:
        files = [(readme, [b for b in read_blocks(readme) if is_mpi(b) == args.mpi])
                 for readme in args.readme]
    except (OSError, ValueError) as error:
        print(error, file=sys.stderr)
        return 2
    if args.mpi:
        if not shutil.which('mpirun'):
            print('mpirun is not installed: the README\'s MPI block is skipped '
                  '(Debian: openmpi-bin, scripts/setup)')
            return 77
        if not os.path.exists(os.path.join(args.bin, 'catmouse-mpi')):
            print(f'no catmouse-mpi in {args.bin} (built when CMake finds MPI): '
                  'the README\'s MPI block is skipped')
            return 77
    if not any(blocks for _, blocks in files):
        print(f'{", ".join(args.readme)}: no console block to run')
        return 1
    failures = []
    commands = 0
    block_count = 0
    # Each file from a folder of its own, as a reader who follows one page along.
    for readme, blocks in files:
        with tempfile.TemporaryDirectory(prefix='catmouse-readme-') as folder:
            path = prepare(folder, args)
            for block in blocks:
                failures += check_block(block, folder, path, readme)
                commands += len(block)
        block_count += len(blocks)
    for _, message in failures:
        print(message, end='\n\n')
    print(f'{commands} commands in {block_count} console blocks: {commands - len(failures)} as '
          f'shown, {len(failures)} not')
    if args.expect_differences:
        expected = sorted(int(n) for n in args.expect_differences.split(','))
        found = sorted(n for n, _ in failures)
        if found != expected:
            print(f'expected differences on lines {expected}, found them on lines {found}')
            return 1
        print(f'the differences are on the expected lines {expected}')
        return 0
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
