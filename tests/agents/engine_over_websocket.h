#pragma once
// An sc2lite engine served on a free loopback port, with a Controller connected to it:
// how sc2agent talks to sc2lite, inside one test.
#include <memory>

#include "client/controller.h"
#include "engine/server/engine_host.h"

namespace sc2::test {

struct EngineOverWebsocket {
  engine::EngineHost host{"127.0.0.1", 0};
  std::unique_ptr<Controller> controller;

  EngineOverWebsocket() {
    host.start();
    controller = std::make_unique<Controller>("127.0.0.1", host.port());
  }
  ~EngineOverWebsocket() {
    controller.reset();
    host.stop();
  }
};

}  // namespace sc2::test
