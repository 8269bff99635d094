-- AlterTable
ALTER TABLE "Cycle" ADD COLUMN     "peerNames" TEXT NOT NULL DEFAULT 'nobody',
ADD COLUMN     "upwardNames" TEXT NOT NULL DEFAULT 'nobody';
