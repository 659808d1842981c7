// Checks the compiled descriptors of our .proto files against the SC2 API field table
// (shared/spec/sc2api-fields.tsv) plus sc2lite's extensions (proto/sc2lite_extensions.tsv),
// row by row, in both directions.
#include <doctest/doctest.h>
#include <google/protobuf/descriptor.h>

#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "s2clientprotocol/sc2api.pb.h"
#include "tests/shared_dir.h"

namespace {

using google::protobuf::Descriptor;
using google::protobuf::DescriptorPool;
using google::protobuf::EnumDescriptor;
using google::protobuf::FieldDescriptor;

using Row = std::map<std::string, std::string>;

std::vector<Row> read_tsv(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::stringstream ss(line); std::getline(ss, line, '\t');) header.push_back(line);
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    Row row;
    std::size_t start = 0;
    for (const auto& column : header) {
      std::size_t tab = line.find('\t', start);
      row[column] = line.substr(start, tab == std::string::npos ? std::string::npos : tab - start);
      start = tab == std::string::npos ? line.size() : tab + 1;
    }
    rows.push_back(row);
  }
  return rows;
}

std::string qualified(const std::string& name) { return "SC2APIProtocol." + name; }

// The type column as protoc reports it for scalars.
std::string scalar_type_name(const FieldDescriptor* field) { return field->type_name(); }

void touch_generated_pool() {
  // Linking sc2api.pb.h registers every file; make sure the registration ran.
  SC2APIProtocol::Request request;
  (void)request;
}

}  // namespace

TEST_CASE("every row of sc2api-fields.tsv matches our compiled descriptors") {
  if (!sc2::test::have_shared("spec/sc2api-fields.tsv")) return;
  touch_generated_pool();
  const DescriptorPool* pool = DescriptorPool::generated_pool();
  auto rows = read_tsv(sc2::test::shared_dir() / "spec/sc2api-fields.tsv");
  REQUIRE(rows.size() == 1148);
  const std::size_t real_rows = rows.size();
  const auto extensions = read_tsv(std::filesystem::path(SC2_SOURCE_DIR) / "proto/sc2lite_extensions.tsv");
  REQUIRE(extensions.size() == 15);
  rows.insert(rows.end(), extensions.begin(), extensions.end());

  std::map<std::string, int> counts;            // the real API's rows
  std::map<std::string, int> extension_counts;  // ours
  std::set<std::string> real_messages;
  std::set<std::string> listed_fields;
  std::set<std::string> listed_values;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    const std::string& kind = row.at("kind");
    const std::string type = row.at("message_or_enum");
    CAPTURE(type);
    CAPTURE(row.at("name"));
    const bool extension = i >= real_rows;
    (extension ? extension_counts : counts)[kind]++;
    if (!extension && kind == "message") real_messages.insert(type);
    // A field of ours in a real message is numbered far from the real ones (proto/README.md).
    if (extension && kind == "field" && real_messages.count(type) == 1) CHECK(std::stoi(row.at("number")) >= 1000);
    if (kind == "message") {
      const Descriptor* message = pool->FindMessageTypeByName(qualified(type));
      REQUIRE_MESSAGE(message != nullptr, "missing message " << type);
      CHECK(message->file()->name() == "s2clientprotocol/" + row.at("file"));
      CHECK(message->file()->syntax() == google::protobuf::FileDescriptor::SYNTAX_PROTO2);
    } else if (kind == "enum") {
      const EnumDescriptor* en = pool->FindEnumTypeByName(qualified(type));
      REQUIRE_MESSAGE(en != nullptr, "missing enum " << type);
      CHECK(en->file()->name() == "s2clientprotocol/" + row.at("file"));
    } else if (kind == "field") {
      const Descriptor* message = pool->FindMessageTypeByName(qualified(type));
      REQUIRE(message != nullptr);
      const FieldDescriptor* field = message->FindFieldByName(row.at("name"));
      REQUIRE_MESSAGE(field != nullptr, "missing field " << type << "." << row.at("name"));
      listed_fields.insert(type + "." + row.at("name"));
      CHECK(field->number() == std::stoi(row.at("number")));
      CHECK(field->index() + 1 == std::stoi(row.at("order")));
      CHECK(std::string(field->is_repeated() ? "repeated" : "optional") == row.at("label"));
      const std::string& type_kind = row.at("type_kind");
      if (type_kind == "scalar") {
        CHECK(scalar_type_name(field) == row.at("type"));
      } else if (type_kind == "message") {
        REQUIRE(field->message_type() != nullptr);
        CHECK(field->message_type()->full_name() == qualified(row.at("type_resolved")));
      } else {
        REQUIRE(field->enum_type() != nullptr);
        CHECK(field->enum_type()->full_name() == qualified(row.at("type_resolved")));
      }
      const auto* oneof = field->real_containing_oneof();
      CHECK(std::string(oneof ? oneof->name() : "") == row.at("oneof"));
      CHECK_FALSE(field->has_default_value());
    } else if (kind == "enum_value") {
      const EnumDescriptor* en = pool->FindEnumTypeByName(qualified(type));
      REQUIRE(en != nullptr);
      const auto* value = en->FindValueByName(row.at("name"));
      REQUIRE_MESSAGE(value != nullptr, "missing enum value " << type << "." << row.at("name"));
      listed_values.insert(type + "." + row.at("name"));
      CHECK(value->number() == std::stoi(row.at("number")));
      CHECK(value->index() + 1 == std::stoi(row.at("order")));
    }
  }
  CHECK(counts["message"] == 146);
  CHECK(counts["enum"] == 31);
  CHECK(counts["field"] == 591);
  CHECK(counts["enum_value"] == 380);

  // The other direction: nothing in our files that the table does not list.
  const char* files[] = {"common", "data", "debug", "error", "query",
                         "raw",    "sc2api", "score", "spatial", "ui"};
  int messages = 0, enums = 0, fields = 0, values = 0;
  std::function<void(const Descriptor*)> walk = [&](const Descriptor* message) {
    ++messages;
    const std::string prefix = message->full_name().substr(std::string("SC2APIProtocol.").size());
    for (int i = 0; i < message->field_count(); ++i) {
      ++fields;
      CHECK_MESSAGE(listed_fields.count(prefix + "." + message->field(i)->name()) == 1,
                    "unlisted field " << prefix << "." << message->field(i)->name());
    }
    for (int i = 0; i < message->enum_type_count(); ++i) {
      ++enums;
      values += message->enum_type(i)->value_count();
    }
    for (int i = 0; i < message->nested_type_count(); ++i) walk(message->nested_type(i));
  };
  for (const char* name : files) {
    const auto* file = pool->FindFileByName(std::string("s2clientprotocol/") + name + ".proto");
    REQUIRE_MESSAGE(file != nullptr, name);
    CHECK(file->package() == "SC2APIProtocol");
    for (int i = 0; i < file->message_type_count(); ++i) walk(file->message_type(i));
    for (int i = 0; i < file->enum_type_count(); ++i) {
      ++enums;
      values += file->enum_type(i)->value_count();
    }
  }
  CHECK(extension_counts["message"] == 2);
  CHECK(extension_counts["field"] == 13);
  CHECK(messages == 146 + 2);
  CHECK(enums == 31);
  CHECK(fields == 591 + 13);
  CHECK(values == 380);
}

TEST_CASE("real StarCraft II responses decode with our .proto files") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_game_info.pb")) return;
  auto read = [](const char* name) {
    std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2" / name, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  SUBCASE("game info") {
    SC2APIProtocol::Response response;
    REQUIRE(response.ParseFromString(read("abyssal_reef_response_game_info.pb")));
    REQUIRE(response.has_game_info());
    const auto& info = response.game_info();
    CHECK(info.map_name() == "Abyssal Reef LE");
    CHECK(info.start_raw().map_size().x() == 200);
    CHECK(info.start_raw().map_size().y() == 176);
    CHECK(info.start_raw().pathing_grid().bits_per_pixel() == 1);
    CHECK(info.start_raw().terrain_height().bits_per_pixel() == 8);
    CHECK(info.start_raw().terrain_height().data().size() == 200u * 176u);
    CHECK(info.start_raw().pathing_grid().data().size() == 200u * 176u / 8u);
    CHECK(response.unknown_fields().empty());
  }
  SUBCASE("observation") {
    SC2APIProtocol::ResponseObservation observation;
    REQUIRE(observation.ParseFromString(read("abyssal_reef_response_observation.pb")));
    CHECK(observation.observation().game_loop() == 0);
    CHECK(observation.observation().raw_data().units_size() == 179);
    CHECK(observation.unknown_fields().empty());
    int scvs = 0;
    for (const auto& unit : observation.observation().raw_data().units())
      if (unit.unit_type() == 45 && unit.alliance() == SC2APIProtocol::Self) ++scvs;
    CHECK(scvs == 12);
  }
  SUBCASE("data tables") {
    SC2APIProtocol::Response response;
    REQUIRE(response.ParseFromString(read("abyssal_reef_response_data.pb")));
    REQUIRE(response.has_data());
    CHECK(response.data().units_size() == 2005);
    CHECK(response.data().abilities_size() == 4119);
    CHECK(response.data().units(48).name() == "Marine");
  }
}
