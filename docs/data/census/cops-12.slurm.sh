#!/bin/bash
# The cop census of every connected 12-node graph (164,059,830,476 of them) on a cluster, as one
# Slurm batch job (docs/distributed.md#the-12-node-cop-census-on-a-cluster). The state file is the
# checkpoint: a job that ends at its time limit, or fails, loses at most the round of parts under
# way, and the same command, submitted again, resumes from the parts the state file holds. This
# folder's cops-12.census.json is the state file of this project's run on one machine
# (docs/census.md): a job on it does the parts left, if any, and prints the totals. STATE names
# another state file, which a job begins if it is missing, to compute the census again:
#
#   sbatch docs/data/census/cops-12.slurm.sh      # from the repository's top folder
#   sbatch --export=ALL,STATE=cops-12-again.census.json docs/data/census/cops-12.slurm.sh
#
# 10,000 parts, as the state file was begun with (another count cannot resume it); the graphs of
# cop number 3 or more go to cops-12-top.g6 (--keep-from 3). About 13 core-hours in all at the rate
# measured on one machine (docs/distributed.md): 4 nodes of 32 cores take some 6 minutes, and the
# rounds of parts (each as long as its slowest part, seconds) a little more.
#SBATCH --job-name=catmouse-cops-12
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=32
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=cops-12.%j.out
set -euo pipefail
here=docs/data/census
state=${STATE:-$here/cops-12.census.json}
srun --mpi=pmix catmouse-mpi census cops --nodes 12 --parts 10000 --keep-from 3 \
  --state "$state" --graphs "${state%.census.json}-top.g6" --quiet --json \
  >"${state%.census.json}.record.json"
