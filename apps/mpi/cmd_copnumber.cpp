#include "front.hpp"
namespace catmouse::mpi_cli {
void add_copnumber_command(CLI::App&, const mpi::Communicator&) {}
}
