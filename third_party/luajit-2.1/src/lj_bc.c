/*
** Bytecode instruction modes.
** Copyright (C) 2005-2026 Mike Pall. See Copyright Notice in luajit.h
*/

#define lj_bc_c
#define LUA_CORE

#include "lj_obj.h"
#include "lj_bc.h"

/* Bytecode offsets and bytecode instruction modes. */
#include "lj_bcdef.h"

