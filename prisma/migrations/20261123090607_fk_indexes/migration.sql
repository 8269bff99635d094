-- CreateIndex
CREATE INDEX "AuditRecord_realActorId_idx" ON "AuditRecord"("realActorId");

-- CreateIndex
CREATE INDEX "Participant_secondaryManagerId_idx" ON "Participant"("secondaryManagerId");
