// The training panel's reading of progress.csv while sc2train appends to it: pieces of any size
// give the same table, a half-written last line waits, damaged lines are skipped and counted,
// the file is read incrementally and read again from its start when truncated or replaced.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/views/training_progress_reader.h"
#include "tests/app/app_test_support.h"

using sc2::app::ProgressFileFollower;
using sc2::app::ProgressTable;

namespace {

const std::string kHeader = "update,steps,mean_score,entropy\n";
std::string row(int update) {
  return std::to_string(update) + "," + std::to_string(update * 128) + "," + std::to_string(update) + ".5,2.0\n";
}

void append(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::app | std::ios::binary) << text;
}
void write(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::trunc | std::ios::binary) << text;
}

}  // namespace

TEST_CASE("a progress table fed in pieces of any size reads what a whole feed reads") {
  std::string text = kHeader;
  for (int u = 1; u <= 20; ++u) text += row(u);
  ProgressTable whole;
  whole.feed(text);
  REQUIRE(whole.rows() == 20);
  REQUIRE(whole.column("steps") == 1u);
  CHECK(whole.values(*whole.column("steps")).back() == 2560);
  CHECK(whole.values(*whole.column("mean_score")).front() == 1.5);
  CHECK_FALSE(whole.column("value_loss"));

  for (std::size_t piece : {1u, 2u, 7u, 33u}) {
    ProgressTable pieces;
    for (std::size_t at = 0; at < text.size(); at += piece) pieces.feed(std::string_view(text).substr(at, piece));
    CHECK(pieces.rows() == 20);
    CHECK(pieces.values(1) == whole.values(1));
    CHECK(pieces.values(2) == whole.values(2));
    CHECK(pieces.damaged_lines() == 0);
  }
}

TEST_CASE("a half-written last line waits for its newline") {
  ProgressTable table;
  table.feed(kHeader + row(1) + "2,256,2.");
  CHECK(table.rows() == 1);
  CHECK(table.unfinished_bytes() == 8);
  table.feed("5,2.0");
  CHECK(table.rows() == 1);
  table.feed("\n");
  CHECK(table.rows() == 2);
  CHECK(table.values(2).back() == 2.5);
  CHECK(table.unfinished_bytes() == 0);
  CHECK(table.damaged_lines() == 0);
}

TEST_CASE("damaged lines of a progress table are skipped and counted, the rows around them kept") {
  ProgressTable table;
  table.feed(kHeader + row(1) + "2,256\n" +          // cut short (a run killed mid-line, then resumed)
             "\n" +                                    // blank: ignored, not damage
             "3,384,abc,2.0\n" +                       // not a number
             "4,512,4.5,2.0,9\n" +                     // a field too many
             "5,640,5.5,2.0\r\n" +                     // written on Windows: fine
             "6,768,1e400x,2\n" + row(7));
  CHECK(table.rows() == 3);
  CHECK(table.values(0) == std::vector<double>{1, 5, 7});
  CHECK(table.damaged_lines() == 4);
  CHECK(table.first_damage() == "line 3: 2 fields, the header has 4");

  // Garbage without newlines does not grow the buffer for ever: one damaged line.
  ProgressTable garbage;
  garbage.feed(kHeader);
  garbage.feed(std::string(100000, 'x'));
  garbage.feed(std::string(100000, 'x') + "\n" + row(1));
  CHECK(garbage.damaged_lines() == 1);
  CHECK(garbage.rows() == 1);
  CHECK(garbage.unfinished_bytes() == 0);
}

TEST_CASE("the follower waits for a missing progress.csv and reads only what is added") {
  sc2::test::TempDir dir;
  const auto file = dir.path() / "progress.csv";
  ProgressFileFollower follower(file);
  CHECK_FALSE(follower.poll());
  CHECK_FALSE(follower.exists());
  CHECK(follower.error().empty());  // missing is waited for, not an error

  write(file, kHeader + row(1) + "2,25");
  CHECK(follower.poll());
  CHECK(follower.exists());
  CHECK(follower.table().rows() == 1);
  CHECK_FALSE(follower.poll());  // nothing new
  append(file, "6,2.5,2.0\n" + row(3));
  CHECK(follower.poll());
  CHECK(follower.table().rows() == 3);
  CHECK(follower.bytes_read() == std::filesystem::file_size(file));

  // Only new bytes are read: a change in place before the read offset is not seen.
  {
    std::fstream in_place(file, std::ios::in | std::ios::out | std::ios::binary);
    in_place.seekp(static_cast<std::streamoff>(kHeader.size()));
    in_place << '9';
  }
  append(file, row(4));
  CHECK(follower.poll());
  CHECK(follower.table().rows() == 4);
  CHECK(follower.table().values(0) == std::vector<double>{1, 2, 3, 4});
  CHECK(follower.restarts() == 0);
}

TEST_CASE("the follower starts over when progress.csv is truncated, replaced or removed") {
  sc2::test::TempDir dir;
  const auto file = dir.path() / "progress.csv";
  ProgressFileFollower follower(file);
  write(file, kHeader + row(1) + row(2) + row(3));
  follower.poll();
  REQUIRE(follower.table().rows() == 3);

  write(file, kHeader + row(10));  // a new run in the same folder: shorter
  CHECK(follower.poll());
  CHECK(follower.restarts() == 1);
  CHECK(follower.table().values(0) == std::vector<double>{10});

  // Replaced by another file (rename over it), as long as the old one: a new inode.
  const auto other = dir.path() / "other.csv";
  write(other, kHeader + row(20) + row(21));
  std::filesystem::rename(other, file);
  CHECK(follower.poll());
  CHECK(follower.restarts() == 2);
  CHECK(follower.table().values(0) == std::vector<double>{20, 21});

  std::filesystem::remove(file);
  CHECK(follower.poll());
  CHECK_FALSE(follower.exists());
  CHECK(follower.table().rows() == 0);
  write(file, kHeader + row(30));
  CHECK(follower.poll());
  CHECK(follower.table().values(0) == std::vector<double>{30});
}

TEST_CASE("a long progress.csv is caught up over several polls of bounded size") {
  sc2::test::TempDir dir;
  const auto file = dir.path() / "progress.csv";
  std::string text = kHeader;
  for (int u = 1; u <= 100; ++u) text += row(u);
  write(file, text);
  ProgressFileFollower follower(file, 256);
  int polls = 0;
  while (follower.poll()) ++polls;
  CHECK(polls == static_cast<int>((text.size() + 255) / 256));
  CHECK(follower.table().rows() == 100);
  CHECK(follower.table().damaged_lines() == 0);
}
