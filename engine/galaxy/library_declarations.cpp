#include "engine/galaxy/library_declarations.h"

#include <array>

namespace sc2::galaxy {

namespace {

// [N] natives.galaxy: the engine's own functions and constants.
constexpr std::string_view kNatives = R"galaxy(
// Triggers, events, threads
native trigger TriggerCreate(string inFunction);
native void TriggerAddEventMapInit(trigger t);
native void TriggerAddEventTimePeriodic(trigger inTrigger, fixed inTime, int inTimeType);
native void TriggerAddEventTimer(trigger inTrigger, timer inTimer);
native void TriggerAddEventUnitDied(trigger t, unitref u);
native void TriggerAddEventUnitCreated(trigger t, unitref u, string creatorAbil, string creatorBehavior);
native void TriggerAddEventUnitAbility(trigger t, unitref u, abilcmd a, int stage, bool includeSharedAbils);
native void TriggerAddEventUnitOrder(trigger t, unitref u, abilcmd a);
native void TriggerAddEventChatMessage(trigger t, int player, string inText, bool exact);
native unit EventUnit();
native unit EventUnitCreatedUnit();
native void TriggerEnable(trigger t, bool enable);
native bool TriggerIsEnabled(trigger t);
native trigger TriggerGetCurrent();
native void TriggerExecute(trigger t, bool testConds, bool waitUntilDone);
native void TriggerStop(trigger t);
native void Wait(fixed inSecs, int inTimeType);

// Units and orders
native unitgroup UnitCreate(int inCount, string inUnitType, int inCreateStyle, int inPlayer, point inPos, fixed inFacing);
native unit UnitLastCreated();
native unit UnitFromId(int id);
native void UnitRemove(unit inUnit);
native point UnitGetPosition(unit inUnit);
native void UnitSetPosition(unit inUnit, point inPos, bool blend);
native int UnitGetOwner(unit inUnit);
native string UnitGetType(unit inUnit);
native fixed UnitGetPropertyFixed(unit inUnit, int inProp, bool inCurrent);
native void UnitSetPropertyFixed(unit inUnit, int inProp, fixed inVal);
native fixed UnitGetCustomValue(unit inUnit, int inIndex);
native void UnitSetCustomValue(unit inUnit, int inIndex, fixed inVal);
native bool UnitIsAlive(unit inUnit);
native bool UnitIssueOrder(unit inUnit, order inOrder, int inQueueType);
native order UnitOrder(unit inUnit, int inIndex);
// SMACv2's 32x32_flat (its periodic trigger orders only idle enemies); not in the 30 reference scripts.
native int UnitOrderCount(unit inUnit);
native void UnitPauseAll(bool inPause);
native int UnitCount(string type, int player, region r, unitfilter filter, int maxCount);
native abilcmd AbilityCommand(string inAbil, int inCmdIndex);
native order OrderTargetingPoint(abilcmd inAbilCmd, point inPoint);
native order OrderTargetingUnit(abilcmd inAbilCmd, unit inUnit);
native order OrderTargetingUnitGroup(abilcmd inAbilCmd, unitgroup inUnitGroup);

// Unit groups
native unitgroup UnitGroup(string type, int player, region r, unitfilter filter, int maxCount);
native unitfilter UnitFilter(int inRequired1, int inRequired2, int inExcluded1, int inExcluded2);
native unitgroup UnitGroupEmpty();
native void UnitGroupAdd(unitgroup inGroup, unit inUnit);
native void UnitGroupRemove(unitgroup inGroup, unit inUnit);
native void UnitGroupClear(unitgroup inGroup);
native int UnitGroupCount(unitgroup inGroup, int inType);
native bool UnitGroupHasUnit(unitgroup inGroup, unit inUnit);
native unit UnitGroupUnit(unitgroup inGroup, int inIndex);
native unit UnitGroupClosestToPoint(unitgroup g, point p);
native point UnitGroupCenterOfGroup(unitgroup g);
native bool UnitGroupIssueOrder(unitgroup inGroup, order inOrder, int inQueueType);
native void UnitGroupSelect(unitgroup inGroup, int inPlayer, bool inSelect);
native void UnitGroupLoopBegin(unitgroup g);
native bool UnitGroupLoopDone();
native void UnitGroupLoopStep();
native unit UnitGroupLoopCurrent();
native void UnitGroupLoopEnd();

// Regions and points
native region RegionFromId(int id);
native region RegionEntireMap();
native point RegionGetCenter(region r);
native void RegionSetCenter(region r, point p);
native point RegionRandomPoint(region r);
native bool RegionContainsPoint(region r, point p);
native void RegionPlayableMapSet(region r);
native point PointFromId(int id);
native point PointWithOffset(point p, fixed x, fixed y);
native point PointWithOffsetPolar(point p, fixed distance, fixed angle);
native fixed DistanceBetweenPoints(point p1, point p2);
native fixed AngleBetweenPoints(point p1, point p2);

// Players and properties
native void PlayerModifyPropertyInt(int inPlayer, int inProp, int inOper, int inVal);
native int PlayerGetPropertyInt(int inPlayer, int inProp);
native fixed PlayerGetPropertyFixed(int inPlayer, int inProp);
native int PlayerType(int inPlayer);
native playergroup PlayerGroupAll();

// Timers and game state
native timer TimerCreate();
native void TimerStart(timer t, fixed duration, bool periodic, int timeType);
native timer TimerLastStarted();
native void GameSetMissionTimePaused(bool inPaused);
native void GameSetSpeedValue(int speed);
native void RestartGame(playergroup inPlayerGroup);

// Melee and the game's end (issue 35: for the scripts of sc2lite's own melee maps,
// assets/maps/Melee/). None of the 30 reference scripts calls these, so the spec does not give
// them: the signatures and the c_gameOver* values below are our assumption of natives.galaxy's.
// A melee map's script sets its game up with them: every player's start bank, start units at
// its start location, the computer AI, the melee end rule; GameOver ends a player's game.
native void GameOver(int player, int type, bool showDialog, bool showScore);
native void MeleeInitResources();
native void MeleeInitUnits();
native void MeleeInitAI();
native void MeleeInitOptions();

// Objectives, UI, text, sound
native int ObjectiveCreate(text inName, text inDescription, int inState, bool inPrimary);
native int ObjectiveLastCreated();
native void ObjectiveSetName(int inObjective, text inName);
native void ObjectiveSetState(int inObjective, int inState);
native int TimerWindowCreate(timer inTimer, text inTitle, bool inShow, bool inShowElapsed);
native void UIDisplayMessage(playergroup players, int messageArea, text messageText);
native void UIClearMessages(playergroup players, int messageArea);
native text StringExternal(string s);
native text StringToText(string s);
native void TextExpressionSetToken(string id, string code, text value);
native text TextExpressionAssemble(string id);
native text IntToText(int x);
native text FixedToText(fixed x, int precision);
native void SoundtrackPause(playergroup players, int category, bool pause, bool fade);

// Camera and vision
native void CameraApplyInfo(int player, camerainfo c, fixed duration, fixed velocity, fixed decelerate, bool useTarget);
native camerainfo CameraInfoDefault();
native void CameraPan(int player, point p, fixed duration, fixed velocity, fixed decelerate, bool smart);
native void CameraLockInput(int player, bool lock);
native void VisEnable(int visType, bool enable);
native void VisRevealArea(int player, region area, fixed duration, bool checkCliffLevel);
native void VisExploreArea(int player, region area, bool explored, bool checkCliffLevel);
native bool VisIsVisibleForPlayer(int player, point inPos);

// Math and random
native int RandomInt(int min, int max);
native fixed RandomFixed(fixed min, fixed max);
native int ModI(int x, int m);

// Constants
const int c_gameOverDefeat = 1;
const int c_gameOverTie = 2;
const int c_gameOverVictory = 0;
const int c_gameSpeedFaster = 4;
const int c_invalidObjectiveId = 0;
const int c_messageAreaDirective = 3;
const int c_objectiveStateActive = 1;
const int c_objectiveStateCompleted = 2;
const int c_objectiveStateFailed = 3;
const int c_orderQueueReplace = 0;
const int c_playerAny = 16;
const int c_playerPropCurriculumScore = 20;
const int c_playerPropMinerals = 0;
const int c_playerPropMineralsCollected = 12;
const int c_playerPropOperAdd = 1;
const int c_playerPropOperSetTo = 0;
const int c_playerPropOperSubtract = 2;
const int c_playerPropVespene = 1;
const int c_playerPropVespeneCollected = 13;
const int c_timeGame = 0;
const int c_timeReal = 1;
const int c_unitAbilStageAll = -1;
const int c_unitCountAll = 0;
const int c_unitCountAlive = 1;
const bool c_unitPropCurrent = true;
const int c_unitPropLife = 0;
const int c_unitPropLifePercent = 1;
const int c_unitPropLifeMax = 2;
const int c_unitPropEnergy = 4;
const int c_unitPropEnergyPercent = 5;
const int c_unitPropEnergyMax = 6;
const int c_unitPropShields = 8;
const int c_unitPropShieldsPercent = 9;
const int c_unitPropShieldsMax = 10;
const int c_unitPropMovementSpeed = 20;
const int c_unitPropResources = 22;
const int c_unitPropRadius = 23;
const int c_visTypeFog = 1;
const int c_visTypeMask = 0;
)galaxy";

// [G] GameData/Game.galaxy and [S] GameData/Soundtrack.galaxy constants.
constexpr std::string_view kGameData = R"galaxy(
const int c_playerTypeComputer = 2;
const int c_targetFilterDead = 34;
const int c_targetFilterHidden = 36;
const int c_targetFilterMissile = 21;
const int c_soundtrackCategoryMusic = 1;
)galaxy";

// [L] NativeLib: the editor's standard library (libNtve_*), here provided natively.
constexpr std::string_view kNativeLib = R"galaxy(
native void libNtve_InitLib();
native void libNtve_gf_CreateUnitsWithDefaultFacing(int lp_count, string lp_type, int lp_style, int lp_player, point lp_p);
native void libNtve_gf_PauseUnit(unit lp_unit, bool lp_pauseUnpause);
native bool libNtve_gf_UnitInRegion(unit lp_u, region lp_regioin);
native bool libNtve_gf_UnitIsVisibleToPlayer(unit lp_unit, int lp_player);
native bool libNtve_gf_UnitGroupIsDead(unitgroup lp_units);
native point libNtve_gf_RandomPointBetweenPoints(point lp_point1, point lp_point2);
native void libNtve_gf_StopTimer(timer lp_timer);
native void libNtve_gf_AICast(unit lp_unit, order lp_order);
native fixed libNtve_gf_RandomAngle();
)galaxy";

// [A] AI.galaxy and [B] BaseAI.galaxy (used only in PySC2's demo mode, player 1 a Computer).
constexpr std::string_view kAI = R"galaxy(
native void AIStart(int player, bool isCampaign, int apm);
native void AIToggleBulliesInRegion(int player, region reg, bool activate);
native void AICampaignStart(int player);
)galaxy";

constexpr std::array kParts = {
    LibraryPart{"TriggerLibs/natives", kNatives, false},
    LibraryPart{"TriggerLibs/GameData", kGameData, false},
    LibraryPart{"TriggerLibs/NativeLib", kNativeLib, true},
    LibraryPart{"TriggerLibs/AI", kAI, true},
};

}  // namespace

std::span<const LibraryPart> library_parts() { return kParts; }

}  // namespace sc2::galaxy
